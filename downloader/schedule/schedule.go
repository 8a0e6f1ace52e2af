package schedule

import (
	"context"
	"haul/downloader/clock"
	"sync"
	"time"
)

// Batch is the download batch the schedule pauses and resumes. The bytes
// it receives are counted as they arrive, by Arrived, which the engine
// calls for every read (Scheduler is its byte meter).
type Batch interface {
	// Hold pauses every download not finished, noting that the schedule
	// paused it.
	Hold() int
	// Release resumes the downloads Hold paused, and no other: those the
	// user paused stay paused.
	Release() int
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

// Reason is why the schedule holds the batch, as data the window and the
// command line turn into words.
type Reason struct {
	Why Why
	// Until is when the batch goes on by itself: when the hours begin
	// (OutsideHours), or the start of the next day (CapReached).
	Until time.Time
	// Cap is the data per day (CapReached).
	Cap int64
}

// pollEvery is how often a held batch is held again, so that downloads
// added meanwhile wait too, and the day's count is kept.
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

// Scheduler pauses and resumes a batch as the settings say, and counts
// the bytes the batch receives against the daily cap as they arrive. Its
// methods are safe for concurrent use.
type Scheduler struct {
	clock clock.Clock
	batch Batch
	keep  func(Usage)

	mu       sync.Mutex
	settings Settings
	held     Why   // why the scheduler paused the batch, Free when it did not
	usage    Usage // the bytes received today
	kept     Usage // the usage last given to keep
	ignore   ignored
	changed  chan struct{} // a look is due at once
	wake     chan struct{} // closed and replaced when reads held at the cap may go on
}

// ignored is the schedule the user chose to ignore once: the hours until
// they next begin, the cap for the day it was reached.
type ignored struct {
	hoursUntil time.Time
	capDay     string
}

// New makes a scheduler of batch with settings. kept is the day's usage
// as a previous run left it; keep, when set, is given the usage when it
// changed, at each look and at Count, to be kept for the next run.
func New(clock clock.Clock, batch Batch, s Settings, kept Usage, keep func(Usage)) *Scheduler {
	return &Scheduler{clock: clock, batch: batch, keep: keep, settings: s, usage: kept, kept: kept,
		changed: make(chan struct{}, 1), wake: make(chan struct{})}
}

// Set changes the settings; they apply at once.
func (s *Scheduler) Set(settings Settings) {
	s.mu.Lock()
	s.settings = settings
	s.wakeLocked()
	s.mu.Unlock()
	s.lookSoon()
}

// lookSoon has Run look at once.
func (s *Scheduler) lookSoon() {
	select {
	case s.changed <- struct{}{}:
	default:
	}
}

// wakeLocked wakes the reads held at the cap, to see whether they may go
// on now.
func (s *Scheduler) wakeLocked() {
	close(s.wake)
	s.wake = make(chan struct{})
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

// Reason says why the schedule would hold the batch now, and until when;
// Why is Free when it would not.
func (s *Scheduler) Reason() Reason {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.clock.Now()
	s.rollDay(now)
	switch s.whyLocked(now) {
	case OutsideHours:
		return Reason{Why: OutsideHours, Until: s.settings.Window.Next(now)}
	case CapReached:
		return Reason{Why: CapReached, Until: s.capEndsLocked(now), Cap: s.settings.DailyCap}
	}
	return Reason{}
}

// IgnoreOnce lets the batch run now although the schedule would hold it:
// outside the hours until they next begin, over the cap for the rest of
// the day. BatchDone ends it sooner.
func (s *Scheduler) IgnoreOnce() {
	s.mu.Lock()
	now := s.clock.Now()
	s.rollDay(now)
	if s.settings.Limited && !s.settings.Window.Open(now) {
		s.ignore.hoursUntil = s.settings.Window.Next(now)
	}
	if s.capHeldLocked() {
		s.ignore.capDay = s.usage.Day
	}
	s.wakeLocked()
	s.mu.Unlock()
	s.Tick()
}

// BatchDone ends what IgnoreOnce allowed: the batch it was for is done,
// and the next one keeps to the schedule.
func (s *Scheduler) BatchDone() {
	s.mu.Lock()
	s.ignore = ignored{}
	s.mu.Unlock()
	s.lookSoon()
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
	if s.rollDay(now) {
		s.wakeLocked()
	}
	s.keepLocked()
	why := s.whyLocked(now)
	if why != s.held {
		s.wakeLocked()
	}
	switch {
	case why != Free:
		s.batch.Hold() // again at each look: downloads added meanwhile wait too
	case s.held != Free:
		s.batch.Release()
	}
	s.held = why
	return s.waitLocked(now)
}

// Arrived counts n bytes just received against the day's cap. Once the
// cap is reached it has Run hold the batch at once, and waits until more
// may be read (a new day, a higher cap, the schedule ignored once) or ctx
// ends, so the reads stop at the cap rather than at the next look.
func (s *Scheduler) Arrived(ctx context.Context, n int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rollDay(s.clock.Now())
	s.usage.Bytes += int64(n)
	return s.holdLocked(ctx, func() bool {
		s.rollDay(s.clock.Now())
		return s.capHeldLocked()
	})
}

// Requesting waits while the schedule holds the batch (outside the hours,
// or at the cap, and not ignored), having Run hold it at once, until it
// no longer does or ctx ends: a download added or resumed meanwhile sends
// no request before the next look would pause it.
func (s *Scheduler) Requesting(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.holdLocked(ctx, func() bool {
		now := s.clock.Now()
		s.rollDay(now)
		return s.whyLocked(now) != Free
	})
}

// holdLocked waits, with s.mu held on entry and on return, while held
// says so (asked under the lock): the first time, it has Run look at once
// and hold the batch, then it waits for each look until held no longer
// holds or ctx ends.
func (s *Scheduler) holdLocked(ctx context.Context, held func() bool) error {
	for looked := false; held(); looked = true {
		if !looked {
			s.lookSoon() // the download asking is held too
		}
		wake := s.wake
		s.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			s.mu.Lock()
			return ctx.Err()
		}
		s.mu.Lock()
	}
	return nil
}

// Left is how many bytes may be received today before the cap; negative
// when no cap holds the batch.
func (s *Scheduler) Left() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.settings.DailyCap <= 0 || s.capIgnoredLocked() {
		return -1
	}
	return max(s.settings.DailyCap-s.usage.Bytes, 0)
}

// capHeldLocked says the cap is reached and not ignored.
func (s *Scheduler) capHeldLocked() bool {
	c := s.settings.DailyCap
	return c > 0 && s.usage.Bytes >= c && !s.capIgnoredLocked()
}

// capIgnoredLocked says the user chose to ignore the cap for the day counted.
func (s *Scheduler) capIgnoredLocked() bool {
	return s.ignore.capDay != "" && s.ignore.capDay == s.usage.Day
}

// rollDay starts the count of a new day when now is on a later day than
// the one counted, and says so. A clock moved back never starts a count
// again: the earlier day's bytes count toward the day last counted.
func (s *Scheduler) rollDay(now time.Time) bool {
	day := now.Format(time.DateOnly)
	if day <= s.usage.Day {
		return false
	}
	s.usage = Usage{Day: day}
	return true
}

// keepLocked gives the usage to keep when it changed since it was last
// kept; a day with no bytes yet need not replace a count with none.
func (s *Scheduler) keepLocked() {
	if s.usage != s.kept && s.keep != nil && (s.usage.Bytes > 0 || s.kept.Bytes > 0) {
		s.keep(s.usage)
	}
	s.kept = s.usage
}

// Count keeps the day's bytes, as when Haul quits.
func (s *Scheduler) Count() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rollDay(s.clock.Now())
	s.keepLocked()
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
	case s.settings.Limited && !s.settings.Window.Open(now) && !now.Before(s.ignore.hoursUntil):
		return OutsideHours
	case s.capHeldLocked():
		return CapReached
	}
	return Free
}

// capEndsLocked is when the cap reached stops holding the batch: the day
// after the one counted, which is later than now's when the clock was
// moved back.
func (s *Scheduler) capEndsLocked(now time.Time) time.Time {
	next := nextDay(now)
	if day, err := time.ParseInLocation(time.DateOnly, s.usage.Day, now.Location()); err == nil {
		next = later(next, nextDay(day))
	}
	return next
}

// later is the later of two times.
func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// nextDay is the start of the day after now's.
func nextDay(now time.Time) time.Time {
	return time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, now.Location())
}

// waitLocked is how long until the next look: the next edge of the
// window, the next midnight while the cap holds the batch, and a short
// while when a cap is set, to keep the day's count, or while the batch is
// held, so that downloads added meanwhile are held too.
func (s *Scheduler) waitLocked(now time.Time) time.Duration {
	wait := 24 * time.Hour
	if s.settings.Limited {
		if next := s.settings.Window.Next(now); !next.IsZero() {
			wait = min(wait, next.Sub(now))
		}
	}
	if s.held == CapReached {
		wait = min(wait, nextDay(now).Sub(now))
	}
	if s.settings.DailyCap > 0 || s.held != Free {
		wait = min(wait, pollEvery)
	}
	return max(wait, time.Second)
}
