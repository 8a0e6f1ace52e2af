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

func TestPaceReactsToRefusals(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		status    int
		answers   []bool // earlier answers, true = refused
		inFlight  int
		wantCap   int
		wantRate  bool
		wantPause time.Duration
	}{
		{name: "429 halves concurrency and pace", status: 429, inFlight: 16, wantCap: 8, wantRate: true, wantPause: 3 * time.Second},
		{name: "429 with one in flight", status: 429, inFlight: 1, wantCap: 1, wantRate: true, wantPause: 3 * time.Second},
		{name: "a few 503s among successes change nothing", status: 503, answers: []bool{false, false, false, false, true}, inFlight: 8},
		{name: "mostly 503 halves concurrency only", status: 503, answers: []bool{true, true, true, false, true}, inFlight: 8, wantCap: 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var p pace
			for i := range 10 {
				p.started(t0.Add(-time.Duration(i) * 50 * time.Millisecond))
			}
			for _, a := range tc.answers {
				p.observe(a)
			}
			p.refused(t0, tc.status, tc.inFlight, 16, 3*time.Second)
			if p.cap != tc.wantCap {
				t.Errorf("cap = %d, want %d", p.cap, tc.wantCap)
			}
			if (p.limiter != nil) != tc.wantRate {
				t.Errorf("rate limited = %v", p.limiter != nil)
			}
			if tc.wantRate && float64(p.limiter.Limit()) != 5 {
				t.Errorf("rate = %v, want half of the recent 10 req/s", p.limiter.Limit())
			}
			if got := p.pauseUntil.Sub(t0); tc.wantPause > 0 && got != tc.wantPause {
				t.Errorf("pause = %v, want %v", got, tc.wantPause)
			}
		})
	}
}

func TestPaceCooldownAndRecovery(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var p pace
	for i := range 20 {
		p.started(t0.Add(-time.Duration(i) * 25 * time.Millisecond))
	}
	p.slowDown(t0, 16, 16, 0)
	p.slowDown(t0.Add(100*time.Millisecond), 8, 16, 0) // same burst: no second halving
	if p.cap != 8 || float64(p.limiter.Limit()) != 10 {
		t.Fatalf("after one burst: cap %d rate %v", p.cap, p.limiter.Limit())
	}
	if ok, at := p.ready(t0.Add(500*time.Millisecond), 0, 16); ok || at.IsZero() {
		t.Error("a paused site accepted a request")
	}
	p.recover(t0.Add(1900*time.Millisecond), 16)
	if p.cap != 8 {
		t.Errorf("recovered too early: cap %d", p.cap)
	}
	p.recover(t0.Add(2*recoverEvery), 16)
	if p.cap != 10 || float64(p.limiter.Limit()) != 12 {
		t.Errorf("after two steps: cap %d rate %v", p.cap, p.limiter.Limit())
	}
	p.recover(t0.Add(10*time.Minute), 16)
	if p.slowed() {
		t.Errorf("never fully recovered: cap %d limiter %v", p.cap, p.limiter)
	}
	for range 5 {
		if ok, _ := p.ready(t0.Add(10*time.Minute), 16, 16); ok {
			t.Fatal("exceeded the user's limit")
		}
	}
}

// strictSite answers 429 (Retry-After: 1) when more than maxInFlight
// requests are in flight or more than perSecond arrive within a second.
type strictSite struct {
	maxInFlight, perSecond int
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
		urls = append(urls, fmt.Sprintf("%s/s%02d.jpg", strictSrv.URL, i))
	}
	for i := range 16 {
		p := fmt.Sprintf("/f%02d.jpg", i)
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
