package downloader

import (
	"net/http"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// TestFileConnLimitGrowsBackAfterAQuietSpell: a refusal lowers the limit,
// each quiet spell raises it a step, a step refused soon after doubles the
// spell, and past the most the setting takes the limit is forgotten.
func TestFileConnLimitGrowsBackAfterAQuietSpell(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	type step struct {
		after   time.Duration // since t0
		refused int           // active connections at a refusal; 0 asks the limit
		want    int
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"none learned", []step{{0, 0, 0}, {time.Hour, 0, 0}}},
		{"lowered, then a step per quiet spell", []step{
			{0, 2, 2}, {9 * time.Second, 0, 2}, {10 * time.Second, 0, 3}, {15 * time.Second, 0, 3}, {20 * time.Second, 0, 4}}},
		{"a refused step waits twice as long", []step{
			{0, 2, 2}, {10 * time.Second, 0, 3}, {11 * time.Second, 3, 3}, {30 * time.Second, 0, 3}, {31 * time.Second, 0, 4}}},
		{"refused at none held keeps one", []step{{0, -1, 1}}},
		{"past the setting's most, forgotten", []step{{0, MaxConnectionsPerFile, MaxConnectionsPerFile}, {10 * time.Second, 0, 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var l fileConnLimit
			for i, s := range tt.steps {
				now := t0.Add(s.after)
				got := 0
				if s.refused != 0 {
					l.refused(max(s.refused, 0), now)
					got = l.most
				} else {
					got = l.at(now)
				}
				if got != s.want {
					t.Fatalf("step %d (at %v): limit %d, want %d", i, s.after, got, s.want)
				}
			}
		})
	}
}

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
		{"/four-a.bin", 4, firstConnProbe, 3, false},
		{"/four-b.bin", 4, firstConnProbe, 4, false},
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
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, h := range m.queues.byKey {
		return h.fileConns.most
	}
	return 0
}
