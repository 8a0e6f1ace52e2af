// Package clocktest holds the clock tests move by hand: a clock.Clock
// that only moves when Advance moves it.
package clocktest

import (
	"sync"
	"time"
)

// Clock is a clock.Clock that only moves when Advance moves it.
type Clock struct {
	mu      sync.Mutex
	now     time.Time
	waiters []waiter
	// Waiting is told each time someone starts waiting on the clock, so a
	// test knows the watcher finished a round without sleeping.
	Waiting chan struct{}
}

type waiter struct {
	at time.Time
	ch chan time.Time
}

// NewClock is a clock set at start.
func NewClock(start time.Time) *Clock {
	return &Clock{now: start, Waiting: make(chan struct{}, 100)}
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// After sends the clock's time once Advance has moved it d on.
func (c *Clock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	c.waiters = append(c.waiters, waiter{c.now.Add(d), ch})
	select {
	case c.Waiting <- struct{}{}:
	default:
	}
	return ch
}

// Advance moves the clock d on and wakes those whose wait is over.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.waiters[:0]
	for _, w := range c.waiters {
		if w.at.After(c.now) {
			kept = append(kept, w)
			continue
		}
		w.ch <- c.now
	}
	c.waiters = kept
}
