package schedule

import (
	"context"
	"haul/downloader/clock"
	"sync"
	"time"
)

// Batch is the download batch the schedule pauses and resumes.
type Batch interface {
	// Hold pauses every download not finished, noting that the schedule
	// paused it.
	Hold() int
	// Release resumes the downloads Hold paused, and no other: those the
	// user paused stay paused.
	Release() int
	// Received is how many bytes the batch received from the network
	// since Haul started, a count that only grows; what it grows by
	// counts against the daily cap.
	Received() int64
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

// Usage is the data received on one day, which the daily cap counts.
// It is kept across runs of Haul, so a restart does not begin the day's
// count again.
type Usage struct {
	// Day is the day counted, as 2006-01-02 in local time.
	Day string
	// Bytes is how many bytes were received that day.
	Bytes int64
}

// Scheduler pauses and resumes a batch as the settings say. Its methods
// are safe for concurrent use.
type Scheduler struct {
	clock clock.Clock
	batch Batch
	keep  func(Usage)

	mu       sync.Mutex
	settings Settings
	held     Why   // why the scheduler paused the batch, Free when it did not
	usage    Usage // the bytes received today
	last     int64 // what the batch had received when last looked at
	changed  chan struct{}
}

// New makes a scheduler of batch with settings. kept is the day's usage
// as a previous run left it; keep, when set, is given the usage each time
// it changes, to be kept for the next run.
func New(clock clock.Clock, batch Batch, s Settings, kept Usage, keep func(Usage)) *Scheduler {
	return &Scheduler{clock: clock, batch: batch, keep: keep, settings: s, usage: kept, last: batch.Received(),
		changed: make(chan struct{}, 1)}
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
		s.batch.Hold() // again at each look: downloads added meanwhile wait too
	case s.held != Free:
		s.batch.Release()
	}
	s.held = why
	return s.waitLocked(now)
}

// count adds what the batch received since it was last looked at to the
// day's bytes, starting again at a new day, and keeps the usage when it
// changed.
func (s *Scheduler) count(now time.Time) {
	before := s.usage
	if day := now.Format(time.DateOnly); day != s.usage.Day {
		s.usage = Usage{Day: day}
	}
	r := s.batch.Received()
	s.usage.Bytes += max(r-s.last, 0)
	s.last = r
	if s.usage != before && s.keep != nil {
		s.keep(s.usage)
	}
}

// Count adds what the batch received since it was last looked at to the
// day's bytes and keeps them, as when Haul quits.
func (s *Scheduler) Count() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count(s.clock.Now())
}

// Usage is what was received on the day last counted.
func (s *Scheduler) Usage() Usage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.usage
}

// whyLocked says why the batch is to be held at now.
func (s *Scheduler) whyLocked(now time.Time) Why {
	switch {
	case s.settings.Limited && !s.settings.Window.Open(now):
		return OutsideHours
	case s.settings.DailyCap > 0 && s.usage.Bytes >= s.settings.DailyCap:
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
		wait = min(wait, time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, now.Location()).Sub(now))
	}
	if s.settings.DailyCap > 0 || s.held != Free {
		wait = min(wait, pollEvery)
	}
	return max(wait, time.Second)
}
