package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// gateStep is one moment in a strictGate scenario.
type gateStep struct {
	after  time.Duration // the clock moves on by this much first
	arrive int           // requests arriving one after another
	finish bool          // each admitted request finishes before the next arrives
	admits int           // how many of the arrivals are admitted
	leave  int           // earlier admitted requests finishing after the arrivals
}

func TestStrictGate(t *testing.T) {
	twenty := gateStep{arrive: 20, finish: true, admits: 20}
	tests := []struct {
		name        string
		steps       []gateStep
		wantRefused int64
	}{
		{"four at once are admitted", []gateStep{{arrive: 4, admits: 4}}, 0},
		{"a fifth at once is refused", []gateStep{{arrive: 5, admits: 4}}, 1},
		{"a request that finishes frees its slot", []gateStep{{arrive: 4, admits: 4, leave: 1}, {arrive: 2, admits: 1}}, 1},
		{"twenty in a second are admitted", []gateStep{twenty}, 0},
		{"the twenty-first in a second is refused", []gateStep{{arrive: 21, finish: true, admits: 20}}, 1},
		{"the window slides", []gateStep{twenty, {after: time.Second, arrive: 1, admits: 1}}, 0},
		{"the window is not cleared early", []gateStep{twenty, {after: 999 * time.Millisecond, arrive: 1}}, 1},
		{"refused requests count as arrivals", []gateStep{
			twenty,
			{after: 500 * time.Millisecond, arrive: 5, finish: true},
			{after: 500 * time.Millisecond, arrive: 16, finish: true, admits: 15},
		}, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
			g := newStrictGate(4, 20, time.Second)
			g.now = func() time.Time { return now }
			for i, s := range tt.steps {
				now = now.Add(s.after)
				admitted := 0
				for range s.arrive {
					if g.enter() {
						admitted++
						if s.finish {
							g.leave()
						}
					}
				}
				for range s.leave {
					g.leave()
				}
				if admitted != s.admits {
					t.Fatalf("step %d: %d of %d admitted, want %d", i, admitted, s.arrive, s.admits)
				}
			}
			if got := g.Refused(); got != tt.wantRefused {
				t.Errorf("Refused() = %d, want %d", got, tt.wantRefused)
			}
		})
	}
}

func TestStrictGateWrap(t *testing.T) {
	g := newStrictGate(1, 20, time.Second)
	inside := make(chan struct{})
	release := make(chan struct{})
	h := g.wrap(0, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		close(inside)
		<-release
		_, _ = w.Write([]byte("file"))
	}))
	first := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		defer close(done)
		h(first, httptest.NewRequest(http.MethodGet, "/f.bin", nil))
	}()
	<-inside
	second := httptest.NewRecorder()
	h(second, httptest.NewRequest(http.MethodGet, "/f.bin", nil))
	close(release)
	<-done
	tests := []struct {
		name       string
		rec        *httptest.ResponseRecorder
		code       int
		retryAfter string
		body       string
	}{
		{"admitted", first, http.StatusOK, "", "file"},
		{"over the limit", second, http.StatusTooManyRequests, "1", "Too many requests"},
	}
	for _, tt := range tests {
		if tt.rec.Code != tt.code || tt.rec.Header().Get("Retry-After") != tt.retryAfter || !strings.Contains(tt.rec.Body.String(), tt.body) {
			t.Errorf("%s: got %d, Retry-After %q, body %q; want %d, %q, containing %q",
				tt.name, tt.rec.Code, tt.rec.Header().Get("Retry-After"), tt.rec.Body.String(), tt.code, tt.retryAfter, tt.body)
		}
	}
}
