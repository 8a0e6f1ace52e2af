package schedule

import (
	"context"
	"sync"
	"time"
)

// Clock is the time the schedule goes by; tests replace it.
type Clock interface {
	Now() time.Time
	// After sends the time once d has passed.
	After(d time.Duration) <-chan time.Time
}

// SystemClock is the system's time.
type SystemClock struct{}

// Now is the time now.
func (SystemClock) Now() time.Time { return time.Now() }

// After is time.After.
func (SystemClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Batch is the download batch the schedule pauses and resumes.
type Batch interface {
	// PauseAll pauses every download not finished.
	PauseAll() int
	// ResumeAll resumes the paused downloads.
	ResumeAll() int
	// Bytes is how many bytes the batch holds on disk; what it grows by
	// counts against the daily cap.
	Bytes() int64
}

// Settings are the user's choices.
type Settings struct {
	// Limited says downloads run only inside Window.
	Limited bool
	Window  Window
	// DailyCap is the bytes received in a day after which the batch
	// pauses until the next day; 0 is no cap.
	DailyCap int64
	// WhenDone is what happens once the batch is done.
	WhenDone Action
}

// Why says why the schedule holds the batch paused.
type Why int

// The reasons the batch is held.
const (
	// Free: the schedule does not hold the batch.
	Free Why = iota
	// OutsideHours: the time is outside the window.
	OutsideHours
	// CapReached: the daily amount was received.
	CapReached
)

// pollEvery is how often the bytes received are looked at for the cap.
const pollEvery = 10 * time.Second

// Scheduler pauses and resumes a batch as the settings say. Its methods
// are safe for concurrent use.
type Scheduler struct {
	clock Clock
	batch Batch

	mu       sync.Mutex
	settings Settings
	held     Why       // why the scheduler paused the batch, Free when it did not
	day      time.Time // the day the bytes are counted for
	used     int64     // bytes received that day
	last     int64     // the batch's bytes when last looked at
	changed  chan struct{}
}

// New makes a scheduler of batch with settings.
func New(clock Clock, batch Batch, s Settings) *Scheduler {
	return &Scheduler{clock: clock, batch: batch, settings: s, last: batch.Bytes(), changed: make(chan struct{}, 1)}
}

// Set changes the settings; they apply at once.
func (s *Scheduler) Set(settings Settings) {
	s.mu.Lock()
	s.settings = settings
	s.mu.Unlock()
	select {
	case s.changed <- struct{}{}:
	default:
	}
}

// Settings are the settings in force.
func (s *Scheduler) Settings() Settings {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.settings
}

// Held says why the schedule holds the batch paused, Free when it does not.
func (s *Scheduler) Held() Why {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.held
}

// Run applies the schedule until ctx ends: it pauses the batch when the
// window closes or the cap is reached, and resumes what it paused when
// the window opens again or a new day begins.
func (s *Scheduler) Run(ctx context.Context) {
	for {
		wait := s.Tick()
		select {
		case <-ctx.Done():
			return
		case <-s.changed:
		case <-s.clock.After(wait):
		}
	}
}

// Tick looks at the time and the bytes once, pauses or resumes the batch
// when needed, and returns how long until it should look again.
func (s *Scheduler) Tick() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.clock.Now()
	s.count(now)
	why := s.whyLocked(now)
	switch {
	case why != Free:
		s.batch.PauseAll() // again at each look: downloads added meanwhile wait too
	case s.held != Free:
		s.batch.ResumeAll()
	}
	s.held = why
	return s.waitLocked(now)
}

// count adds what the batch received since it was last looked at to the
// day's bytes, starting again at a new day.
func (s *Scheduler) count(now time.Time) {
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	if !day.Equal(s.day) {
		s.day, s.used = day, 0
	}
	b := s.batch.Bytes()
	if grew := b - s.last; grew > 0 {
		s.used += grew
	}
	s.last = b // fewer bytes: finished items were cleared
}

// whyLocked says why the batch is to be held at now.
func (s *Scheduler) whyLocked(now time.Time) Why {
	switch {
	case s.settings.Limited && !s.settings.Window.Open(now):
		return OutsideHours
	case s.settings.DailyCap > 0 && s.used >= s.settings.DailyCap:
		return CapReached
	}
	return Free
}

// waitLocked is how long until the next look: the next edge of the
// window, the next midnight while the cap holds the batch, and a short
// while when the bytes must be watched for the cap or while the batch is
// held, so that downloads added meanwhile are held too.
func (s *Scheduler) waitLocked(now time.Time) time.Duration {
	wait := 24 * time.Hour
	if s.settings.Limited {
		if next := s.settings.Window.Next(now); !next.IsZero() {
			wait = min(wait, next.Sub(now))
		}
	}
	if s.held == CapReached {
		wait = min(wait, s.day.AddDate(0, 0, 1).Sub(now))
	}
	if s.settings.DailyCap > 0 || s.held != Free {
		wait = min(wait, pollEvery)
	}
	return max(wait, time.Second)
}
