package downloadtest

import (
	"context"
	"fmt"
	"sync"
)

// InFlight returns how many requests are being handled right now.
func (s *Server) InFlight() int {
	now, _ := s.load.read()
	return now
}

// MaxInFlight returns the highest number of requests handled at once so far.
func (s *Server) MaxInFlight() int {
	_, peak := s.load.read()
	return peak
}

// WaitInFlight blocks until at least n requests are being handled at once,
// or ctx is done.
func (s *Server) WaitInFlight(ctx context.Context, n int) error {
	if err := s.load.wait(ctx, func(now int) bool { return now >= n }); err != nil {
		return fmt.Errorf("wait for %d requests in flight: %w", n, err)
	}
	return nil
}

// WaitIdle blocks until no request is being handled, or ctx is done.
func (s *Server) WaitIdle(ctx context.Context) error {
	if err := s.load.wait(ctx, func(now int) bool { return now == 0 }); err != nil {
		return fmt.Errorf("wait for requests to finish: %w", err)
	}
	return nil
}

// gauge tracks the number of requests in flight and its peak, and wakes
// waiters whenever the number changes.
type gauge struct {
	mu      sync.Mutex
	now     int
	peak    int
	changed chan struct{} // closed on the next change; nil while nobody waits
}

// enter counts a request that started.
func (g *gauge) enter() { g.add(1) }

// leave counts a request that finished.
func (g *gauge) leave() { g.add(-1) }

// add changes the count by d and wakes waiters.
func (g *gauge) add(d int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.now += d
	g.peak = max(g.peak, g.now)
	if g.changed != nil {
		close(g.changed)
		g.changed = nil
	}
}

// read returns the current count and the peak.
func (g *gauge) read() (now, peak int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.now, g.peak
}

// wait blocks until ready(current count) holds or ctx is done.
func (g *gauge) wait(ctx context.Context, ready func(now int) bool) error {
	for {
		g.mu.Lock()
		if ready(g.now) {
			g.mu.Unlock()
			return nil
		}
		if g.changed == nil {
			g.changed = make(chan struct{})
		}
		changed := g.changed
		g.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
