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
// arrive fails as forbidden without using up its tries, and a site that refuses
// everything fails its links as "the site kept refusing" once the bounded
// wait is over; every link ends in a final state and the counts add up.
func TestRefusalsEndEveryLink(t *testing.T) {
	tests := []struct {
		name      string
		refused   func(i int) bool
		wantDone  int
		wantError Reason
	}{
		{name: "one forbidden link among pictures", refused: func(i int) bool { return i == 7 }, wantDone: 29, wantError: ReasonHTTP},
		{name: "a site that refuses everything", refused: func(int) bool { return true }, wantError: ReasonKeptRefusing},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			var urls []string
			for i := range 30 {
				p := fmt.Sprintf("/p%02d.jpg", i)
				var opts []downloadtest.Option
				if tc.refused(i) {
					opts = append(opts, downloadtest.Status(http.StatusForbidden))
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
				if it.State == Failed && (it.Err == nil || it.Err.Reason != tc.wantError || it.Err.Status != http.StatusForbidden) {
					t.Errorf("%s failed with %+v, want %s for a 403", it.URL, it.Err, tc.wantError)
				}
			}
			if tc.wantDone > 0 {
				if hits := srv.Hits("/p07.jpg"); hits != 2 {
					t.Errorf("the forbidden link was asked %d times, want 2: the same refusal twice while the others arrive", hits)
				}
			}
		})
	}
}
