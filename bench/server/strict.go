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

// siteLimits are the limits a gated host enforces, and how it refuses
// what is over them: a status, with a Retry-After or none ("").
type siteLimits struct {
	inFlight, perSecond int // 0 is no limit
	status              int
	retryAfter          string
}

// strictLimits are workload 6's: 429 with Retry-After: 1 over 4 in flight or 20 a second.
var strictLimits = siteLimits{inFlight: strictInFlight, perSecond: strictRate, status: http.StatusTooManyRequests, retryAfter: "1"}

// strictGate models a host that refuses work beyond its limits: a request
// is refused (429 with Retry-After: 1 unless told otherwise) when admitting
// it would put more than maxInFlight requests in flight, or when more than
// perWindow requests (refused ones included) arrived within the last
// window; a limit of 0 is none.
type strictGate struct {
	maxInFlight int
	perWindow   int
	window      time.Duration
	now         func() time.Time
	status      int
	retryAfter  string

	mu       sync.Mutex
	inFlight int
	arrivals []time.Time // oldest first, none older than window

	refused atomic.Int64
}

// newStrictGate returns a gate with the given limits and the real clock.
func newStrictGate(maxInFlight, perWindow int, window time.Duration) *strictGate {
	return &strictGate{maxInFlight: maxInFlight, perWindow: perWindow, window: window, now: time.Now,
		status: http.StatusTooManyRequests, retryAfter: "1"}
}

// newGate returns a gate enforcing l over one-second windows.
func newGate(l siteLimits) *strictGate {
	g := newStrictGate(l.inFlight, l.perSecond, time.Second)
	g.status, g.retryAfter = l.status, l.retryAfter
	return g
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
	if g.maxInFlight > 0 && g.inFlight >= g.maxInFlight || g.perWindow > 0 && len(g.arrivals) > g.perWindow {
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

// Refused returns how many requests were refused.
func (g *strictGate) Refused() int64 {
	return g.refused.Load()
}

// wrap guards next: every request waits latency, as from a distant host,
// after the gate has decided; admitted requests then reach next and the
// others get the gate's refusal.
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
			g.refuse(w)
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

// refuse answers a request over the limits with the gate's status, and
// its Retry-After when it has one.
func (g *strictGate) refuse(w http.ResponseWriter) {
	if g.retryAfter != "" {
		w.Header().Set("Retry-After", g.retryAfter)
	}
	text := http.StatusText(g.status)
	if g.status == http.StatusTooManyRequests {
		text = "Too many requests: slow down and try again in a second."
	}
	http.Error(w, text, g.status)
}
