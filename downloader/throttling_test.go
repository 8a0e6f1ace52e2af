package downloader

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// strictSite answers 429 (Retry-After: 1) when more than maxInFlight
// requests are in flight or more than perSecond arrive within a second;
// the others after latency.
type strictSite struct {
	maxInFlight, perSecond int
	latency                time.Duration // each answer takes this long
	mu                     sync.Mutex
	inFlight               int
	arrivals               []time.Time
	refused                atomic.Int64
	body                   []byte
}

func (s *strictSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	s.mu.Lock()
	s.inFlight++
	kept := s.arrivals[:0]
	for _, a := range s.arrivals {
		if now.Sub(a) < time.Second {
			kept = append(kept, a)
		}
	}
	s.arrivals = append(kept, now)
	tooMany := s.inFlight > s.maxInFlight || len(s.arrivals) > s.perSecond
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inFlight--
		s.mu.Unlock()
	}()
	if tooMany {
		s.refused.Add(1)
		w.Header().Set("Retry-After", "1")
		http.Error(w, "slow down", http.StatusTooManyRequests)
		return
	}
	time.Sleep(s.latency)
	w.Write(s.body)
}

// TestStrictSiteIsObeyedOthersAreNot: a site that refuses more than 2
// requests at once or 20 a second ends up obeyed after a few refusals,
// while another site keeps its full concurrency.
func TestStrictSiteIsObeyedOthersAreNot(t *testing.T) {
	strict := &strictSite{maxInFlight: 2, perSecond: 20, body: downloadtest.Data(2000, 1)}
	strictSrv := httptest.NewServer(strict)
	defer strictSrv.Close()
	friendly := newServer(t)
	var urls []string
	for i := range 60 {
		urls = append(urls, fmt.Sprintf("%s/s%02d.bin", strictSrv.URL, i))
	}
	for i := range 16 {
		p := fmt.Sprintf("/f%02d.bin", i)
		friendly.Handle(p, downloadtest.Data(64<<10, int64(i)), downloadtest.Throttle(512<<10))
		urls = append(urls, friendly.URL(p))
	}
	o := testOptions(t.TempDir())
	o.Concurrency = 8
	m := New(o)
	addAll(t, m, urls...)
	s := runAll(t, m)
	if s.Done != len(urls) {
		t.Fatalf("summary %+v", s)
	}
	if n := strict.refused.Load(); n > 20 {
		t.Errorf("strict site refused %d requests", n)
	}
	if got := friendly.MaxInFlight(); got < 6 {
		t.Errorf("the friendly site was slowed too: max in flight %d", got)
	}
	t.Logf("strict site refused %d requests", strict.refused.Load())
}

// TestRefusalsEndEveryLink: a link the site refuses twice while its others
// arrive fails as forbidden without using up its tries (or at once, when
// it is refused before any other arrived); a site that
// refuses everything fails its links as "the site kept refusing" once the
// bounded wait is over, unless it refuses with 401 or 403 from the first
// request, which no wait mends: then each link is asked once and fails
// at once with its status. Every link ends in a final state and the
// counts add up.
func TestRefusalsEndEveryLink(t *testing.T) {
	tests := []struct {
		name      string
		status    int
		refused   func(i int) bool
		wantDone  int
		wantError Reason
		mostHits  int // of each refused link
	}{
		{name: "one forbidden link among pictures", status: http.StatusForbidden, refused: func(i int) bool { return i == 7 }, wantDone: 29,
			wantError: ReasonHTTP, mostHits: 2},
		{name: "a site that refuses everything", status: http.StatusBadRequest, refused: func(int) bool { return true }, wantError: ReasonKeptRefusing, mostHits: 1 << 20},
		{name: "a site that forbids everything", status: http.StatusForbidden, refused: func(int) bool { return true }, wantError: ReasonHTTP,
			mostHits: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			var urls, refused []string
			for i := range 30 {
				p := fmt.Sprintf("/p%02d.jpg", i)
				var opts []downloadtest.Option
				if tc.refused(i) {
					opts = append(opts, downloadtest.Status(tc.status))
					refused = append(refused, p)
				}
				srv.Handle(p, downloadtest.Picture(2000, int64(i)), opts...)
				urls = append(urls, srv.URL(p))
			}
			o := testOptions(t.TempDir())
			o.SiteWait = 300 * time.Millisecond
			m := New(o)
			addAll(t, m, urls...)
			s := runAll(t, m)
			if s.Done != tc.wantDone || s.Failed != len(urls)-tc.wantDone || s.Left() != 0 {
				t.Fatalf("summary %+v", s)
			}
			snap, _ := m.Snapshot()
			for _, it := range snap {
				if it.State == Failed && (it.Err == nil || it.Err.Reason != tc.wantError || it.Err.Status != tc.status) {
					t.Errorf("%s failed with %+v, want %s for a %d", it.URL, it.Err, tc.wantError, tc.status)
				}
			}
			for _, p := range refused {
				if hits := srv.Hits(p); hits > tc.mostHits {
					t.Errorf("%s was asked %d times, want at most %d", p, hits, tc.mostHits)
				}
			}
		})
	}
}
