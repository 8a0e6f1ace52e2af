// Package clock is the time the engine's timed parts go by (the schedule,
// the watched pages): the system's, or in tests one moved by hand
// (package clocktest).
package clock

import "time"

// Clock is the time a part goes by; tests replace it.
type Clock interface {
	Now() time.Time
	// After sends the time once d has passed.
	After(d time.Duration) <-chan time.Time
}

// System is the system's time.
type System struct{}

// Now is the time now.
func (System) Now() time.Time { return time.Now() }

// After is time.After.
func (System) After(d time.Duration) <-chan time.Time { return time.After(d) }
