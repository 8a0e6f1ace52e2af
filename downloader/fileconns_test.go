package downloader

import (
	"net/http"
	"testing"
	"time"

	"haul/downloader/downloadtest"
	"haul/downloader/sites"
)

// TestSplitTakesMoreConnectionsAgainAfterAQuietSpell: a site that allows
// two connections at once teaches Haul its limit; once it allows four,
// each quiet spell without a refusal lets a file take one more, up to the
// four, without a refusal.
func TestSplitTakesMoreConnectionsAgainAfterAQuietSpell(t *testing.T) {
	srv := newServer(t)
	clock := &fakeClock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	o := testOptions(t.TempDir())
	conns := &countingTransport{base: http.DefaultTransport.(*http.Transport).Clone()}
	o.Client = &http.Client{Transport: conns}
	m := New(o)
	m.now = clock.Now

	phases := []struct {
		path        string
		allows      int
		quiet       time.Duration // the clock moves on this much first
		wantPeak    int
		wantRefused bool
	}{
		{"/two.bin", 2, 0, 2, true},
		{"/four-a.bin", 4, sites.FirstConnProbe, 3, false},
		{"/four-b.bin", 4, sites.FirstConnProbe, 4, false},
	}
	for i, ph := range phases {
		body := downloadtest.Data(12<<20, int64(40+i))
		srv.Handle(ph.path, body, downloadtest.Throttle(4<<20), downloadtest.MaxConnections(ph.allows))
		clock.Set(clock.Now().Add(ph.quiet))
		conns.mu.Lock()
		conns.max = 0
		conns.mu.Unlock()
		ids := addAll(t, m, srv.URL(ph.path))
		if s := runAll(t, m); s.Done != i+1 {
			t.Fatalf("%s: summary %+v", ph.path, s)
		}
		if fileSum(t, mustItem(t, m, ids[0]).Path) != sum256(body) {
			t.Fatalf("%s: saved bytes differ", ph.path)
		}
		refused := srv.Refused(ph.path)
		if (refused > 0) != ph.wantRefused {
			t.Errorf("%s: %d refusals, want refusals: %v", ph.path, refused, ph.wantRefused)
		}
		if ph.wantRefused {
			continue
		}
		// How many connections the split opens at once depends on how
		// fast each one starts; what it may open is the learned limit.
		if got := learnedConns(m); got != ph.wantPeak {
			t.Errorf("%s: the site's learned limit is %d connections, want %d", ph.path, got, ph.wantPeak)
		}
		if got := conns.peak(); got > ph.wantPeak {
			t.Errorf("%s: %d connections at once, want at most %d", ph.path, got, ph.wantPeak)
		}
	}
}

// learnedConns is the learned limit of connections for a file fetched in
// parts of the one site m has fetched from.
func learnedConns(m *Manager) int {
	return m.sites.LearnedConnections()
}
