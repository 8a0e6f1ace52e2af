package main

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// The strict host's limits (workload 6).
const (
	strictInFlight = 4
	strictRate     = 20
	strictWindow   = time.Second
)

// strictGate models a host that refuses work beyond its limits: a request
// is answered 429 with Retry-After: 1 when admitting it would put more than
// maxInFlight requests in flight, or when more than perWindow requests
// (refused ones included) arrived within the last window.
type strictGate struct {
	maxInFlight int
	perWindow   int
	window      time.Duration
	now         func() time.Time

	mu       sync.Mutex
	inFlight int
	arrivals []time.Time // oldest first, none older than window

	refused atomic.Int64
}

// newStrictGate returns a gate with the given limits and the real clock.
func newStrictGate(maxInFlight, perWindow int, window time.Duration) *strictGate {
	return &strictGate{maxInFlight: maxInFlight, perWindow: perWindow, window: window, now: time.Now}
}

// enter records an arrival and reports whether the request is admitted;
// an admitted request must call leave when done.
func (g *strictGate) enter() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	cut := 0
	for cut < len(g.arrivals) && now.Sub(g.arrivals[cut]) >= g.window {
		cut++
	}
	g.arrivals = append(g.arrivals[cut:], now)
	if g.inFlight >= g.maxInFlight || len(g.arrivals) > g.perWindow {
		g.refused.Add(1)
		return false
	}
	g.inFlight++
	return true
}

// leave ends an admitted request.
func (g *strictGate) leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.inFlight--
}

// Refused returns how many requests were answered 429.
func (g *strictGate) Refused() int64 {
	return g.refused.Load()
}

// wrap guards next: every request waits latency, as from a distant host,
// after the gate has decided; admitted requests then reach next and the
// others get 429 with Retry-After: 1.
func (g *strictGate) wrap(latency time.Duration, next http.Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		admitted := g.enter()
		if admitted {
			defer g.leave()
		}
		if !sleep(r.Context(), latency) {
			return
		}
		if !admitted {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "Too many requests: slow down and try again in a second.", http.StatusTooManyRequests)
			return
		}
		next.ServeHTTP(w, r)
	}
}

// sleep waits d and reports true, or reports false when ctx ends first.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
