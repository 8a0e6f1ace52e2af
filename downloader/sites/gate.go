package sites

import (
	"context"
	"sync"

	"golang.org/x/sync/semaphore"
)

// gate is a semaphore whose size can change while workers hold it. It is a
// semaphore.Weighted of maxSlots slots (the highest setting) of which the gate itself holds
// the unused ones ("reserved"): growing releases reserved slots, shrinking
// takes them back as running workers finish.
type gate struct {
	maxSlots int64

	sem *semaphore.Weighted

	mu        sync.Mutex
	reserved  int64
	target    int64 // reserved slots wanted: maxSlots - size
	shrinking bool
}

func newGate(size, most int) *gate {
	g := &gate{sem: semaphore.NewWeighted(int64(most)), maxSlots: int64(most)}
	g.sem.TryAcquire(g.maxSlots)
	g.reserved = g.maxSlots
	g.resize(size)
	return g
}

// Acquire waits for a slot or for ctx to end.
func (g *gate) Acquire(ctx context.Context) error { return g.sem.Acquire(ctx, 1) }

// TryAcquire takes a slot when one is free now, and never waits.
func (g *gate) TryAcquire() bool { return g.sem.TryAcquire(1) }

// Release gives a slot back.
func (g *gate) Release() { g.sem.Release(1) }

// resize sets the number of slots; shrinking takes effect as workers finish.
func (g *gate) resize(size int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.target = g.maxSlots - int64(size)
	if g.reserved > g.target {
		g.sem.Release(g.reserved - g.target)
		g.reserved = g.target
	}
	if g.reserved < g.target && !g.shrinking {
		g.shrinking = true
		go g.shrink()
	}
}

// shrink takes slots back one at a time until the gate reaches its target.
// It never blocks for long: the slots it waits for are held by workers,
// which always finish.
func (g *gate) shrink() {
	for {
		g.mu.Lock()
		if g.reserved >= g.target {
			g.shrinking = false
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		_ = g.sem.Acquire(context.Background(), 1) // fails only when the context ends
		g.mu.Lock()
		if g.reserved < g.target {
			g.reserved++
		} else {
			g.sem.Release(1)
		}
		g.mu.Unlock()
	}
}
