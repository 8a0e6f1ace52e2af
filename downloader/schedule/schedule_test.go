package schedule

import (
	"context"
	"sync"
	"testing"
	"time"

	"haul/downloader/clock/clocktest"
)

// batch is a batch that counts its pauses and resumes.
type batch struct {
	mu              sync.Mutex
	paused          bool
	pauses, resumes int
}

func (b *batch) Hold() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.paused = true
	b.pauses++
	return 1
}

func (b *batch) Release() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.paused = false
	b.resumes++
	return 1
}

func (b *batch) state() (paused bool, pauses, resumes int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.paused, b.pauses, b.resumes
}

func at(hour, minute int) time.Time { return time.Date(2026, 3, 1, hour, minute, 0, 0, time.UTC) }

func TestWindowOpensAndClosesAtItsHours(t *testing.T) {
	night := Window{From: 23 * time.Hour, To: 7 * time.Hour}
	day := Window{From: 9 * time.Hour, To: 17*time.Hour + 30*time.Minute}
	cases := []struct {
		name string
		w    Window
		t    time.Time
		open bool
		next time.Time
	}{
		{"night, evening", night, at(22, 0), false, at(23, 0)},
		{"night, late", night, at(23, 30), true, at(7, 0).AddDate(0, 0, 1)},
		{"night, early", night, at(3, 0), true, at(7, 0)},
		{"night, morning", night, at(7, 0), false, at(23, 0)},
		{"day, inside", day, at(12, 0), true, at(17, 30)},
		{"day, after", day, at(18, 0), false, at(9, 0).AddDate(0, 0, 1)},
		{"always", Window{}, at(4, 0), true, time.Time{}},
	}
	for _, c := range cases {
		if got := c.w.Open(c.t); got != c.open {
			t.Errorf("%s: open %v, want %v", c.name, got, c.open)
		}
		if got := c.w.Next(c.t); !got.Equal(c.next) {
			t.Errorf("%s: next %v, want %v", c.name, got, c.next)
		}
	}
	if d, err := ParseClock("7:30"); err != nil || d != 7*time.Hour+30*time.Minute || FormatClock(d) != "07:30" {
		t.Errorf("7:30 reads as %v, %v", d, err)
	}
	if _, err := ParseClock("25:00"); err == nil {
		t.Error("25:00 read as a time of day")
	}
}

// TestTheBatchRunsOnlyInsideItsHours: outside the window the batch is
// paused, and resumed when the window opens, by the clock alone.
func TestTheBatchRunsOnlyInsideItsHours(t *testing.T) {
	clock := clocktest.NewClock(at(22, 0))
	b := &batch{}
	s := New(clock, b, Settings{Limited: true, Window: Window{From: 23 * time.Hour, To: 7 * time.Hour}}, Usage{}, nil)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	steps := []struct {
		name    string
		advance time.Duration
		paused  bool
		held    Why
		pauses  int
		resumes int
	}{
		{"22:00", 0, true, OutsideHours, 1, 0},
		{"23:00", time.Hour, false, Free, 1, 1},
		{"07:00", 8 * time.Hour, true, OutsideHours, 2, 1},
	}
	for _, st := range steps {
		clock.Advance(st.advance)
		<-clock.Waiting // the scheduler looked and waits again
		paused, pauses, resumes := b.state()
		if paused != st.paused || s.Held() != st.held || pauses != st.pauses || resumes != st.resumes {
			t.Errorf("%s: paused %v (%d pauses, %d resumes), held %v", st.name, paused, pauses, resumes, s.Held())
		}
	}
	s.Set(Settings{})
	<-clock.Waiting
	if paused, _, _ := b.state(); paused || s.Held() != Free {
		t.Error("the batch stays paused once the hours are no longer limited")
	}
}

// TestTheDailyCapPausesUntilTheNextDay: the batch pauses once the bytes
// received in a day reach the cap, across a restart of Haul, and resumes
// at midnight.
func TestTheDailyCapPausesUntilTheNextDay(t *testing.T) {
	clock := clocktest.NewClock(at(20, 0))
	b := &batch{}
	var kept Usage
	keep := func(u Usage) { kept = u }
	s := New(clock, b, Settings{DailyCap: 1000}, Usage{Day: "2026-02-28", Bytes: 900}, keep)
	steps := []struct {
		name     string
		restart  bool // Haul quits and starts again
		received int
		advance  time.Duration
		held     Why
		used     int64
	}{
		{"yesterday's bytes count for nothing", false, 600, 0, Free, 600},
		{"restarted under the cap", true, 300, pollEvery, Free, 900},
		{"at the cap", false, 100, pollEvery, CapReached, 1000},
		{"restarted at the cap", true, 0, pollEvery, CapReached, 1000},
		{"the next day", false, 0, 4 * time.Hour, Free, 0},
		{"again under", false, 999, pollEvery, Free, 999},
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel() // the read that reaches the cap is held back until its try ends: here at once
	for _, st := range steps {
		if st.restart {
			s.Count()
			b = &batch{}
			s = New(clock, b, Settings{DailyCap: 1000}, kept, keep)
		}
		clock.Advance(st.advance)
		s.Arrived(ctx, st.received)
		s.Tick()
		if s.Held() != st.held || s.Usage().Bytes != st.used || kept != s.Usage() {
			t.Errorf("%s: held %v with %+v (kept %+v), want held %v with %d bytes", st.name, s.Held(), s.Usage(), kept, st.held, st.used)
		}
	}
	if paused, _, resumes := b.state(); paused || resumes != 1 {
		t.Errorf("paused %v after %d resumes, want running after 1", paused, resumes)
	}
}

// TestAClockMovedBackKeepsTheDaysCount: a clock moved back to the day
// before neither starts the day's count again nor lets the batch past the
// cap; only a day later than the one counted does.
func TestAClockMovedBackKeepsTheDaysCount(t *testing.T) {
	clock := clocktest.NewClock(at(0, 30))
	b := &batch{}
	s := New(clock, b, Settings{DailyCap: 1000}, Usage{Day: "2026-03-01", Bytes: 1000}, nil)
	steps := []struct {
		name    string
		advance time.Duration
		held    Why
		usage   Usage
	}{
		{"at the cap", 0, CapReached, Usage{Day: "2026-03-01", Bytes: 1000}},
		{"moved back to yesterday evening", -2 * time.Hour, CapReached, Usage{Day: "2026-03-01", Bytes: 1000}},
		{"moved back a week", -7 * 24 * time.Hour, CapReached, Usage{Day: "2026-03-01", Bytes: 1000}},
		{"the day after the one counted", 8*24*time.Hour + 2*time.Hour, Free, Usage{Day: "2026-03-02"}},
	}
	for _, st := range steps {
		clock.Advance(st.advance)
		s.Tick()
		if s.Held() != st.held || s.Usage() != st.usage {
			t.Errorf("%s: held %v with %+v, want held %v with %+v", st.name, s.Held(), s.Usage(), st.held, st.usage)
		}
	}
}

// TestTheReadThatReachesTheCapWaits: the read that reaches the cap has the
// batch held at once, without waiting for the next look, and waits until
// the user ignores the schedule once; the cap then holds no read that day.
func TestTheReadThatReachesTheCapWaits(t *testing.T) {
	clock := clocktest.NewClock(at(20, 0))
	b := &batch{}
	s := New(clock, b, Settings{DailyCap: 1000}, Usage{}, nil)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	<-clock.Waiting
	if err := s.Arrived(ctx, 600); err != nil || s.Left() != 400 {
		t.Fatalf("under the cap: %v, %d left", err, s.Left())
	}
	read := make(chan error)
	go func() { read <- s.Arrived(ctx, 400) }()
	<-clock.Waiting // Run looked at once, not after pollEvery
	if paused, pauses, _ := b.state(); !paused || pauses != 1 || s.Held() != CapReached {
		t.Fatalf("at the cap: paused %v (%d pauses), held %v", paused, pauses, s.Held())
	}
	if r := s.Reason(); r.Why != CapReached || r.Cap != 1000 || !r.Until.Equal(at(0, 0).AddDate(0, 0, 1)) {
		t.Errorf("reason %+v, want the cap of 1000 until midnight", r)
	}
	s.IgnoreOnce()
	if err := <-read; err != nil {
		t.Fatalf("the read held at the cap ended with %v once the schedule was ignored", err)
	}
	if err := s.Arrived(ctx, 5000); err != nil || s.Left() >= 0 || s.Held() != Free {
		t.Errorf("ignored: %v, %d left, held %v", err, s.Left(), s.Held())
	}
}

// system counts what is asked of the computer.
type system struct {
	mu                    sync.Mutex
	quit, sleep, shutdown int
}

func (s *system) Quit()           { s.mu.Lock(); s.quit++; s.mu.Unlock() }
func (s *system) Sleep() error    { s.mu.Lock(); s.sleep++; s.mu.Unlock(); return nil }
func (s *system) ShutDown() error { s.mu.Lock(); s.shutdown++; s.mu.Unlock(); return nil }

// TestEachActionAfterItsCountdown: each action is taken only once the
// countdown is over, and never when it was cancelled.
func TestEachActionAfterItsCountdown(t *testing.T) {
	cases := []struct {
		action                Action
		cancel                bool
		quit, sleep, shutdown int
	}{
		{Nothing, false, 0, 0, 0},
		{Quit, false, 1, 0, 0},
		{Sleep, false, 0, 1, 0},
		{ShutDown, false, 0, 0, 1},
		{ShutDown, true, 0, 0, 0},
		{Sleep, true, 0, 0, 0},
	}
	for _, c := range cases {
		clock := clocktest.NewClock(at(3, 0))
		sys := &system{}
		cd := Start(c.action, clock, sys)
		if c.action != Nothing {
			<-clock.Waiting
			clock.Advance(CountdownLength - time.Second)
			select {
			case <-cd.Done:
				t.Fatalf("%v: taken before the countdown was over", c.action)
			default:
			}
		}
		if c.cancel {
			cd.Cancel()
		}
		clock.Advance(time.Second)
		<-cd.Done
		if sys.quit != c.quit || sys.sleep != c.sleep || sys.shutdown != c.shutdown || !cd.At.Equal(at(3, 1)) {
			t.Errorf("%v (cancelled %v): quit %d, sleep %d, shut down %d", c.action, c.cancel, sys.quit, sys.sleep, sys.shutdown)
		}
		if ParseAction(c.action.String()) != c.action {
			t.Errorf("%v does not read back", c.action)
		}
	}
}

// TestTheHoursIgnoredOnce: Start outside the hours, answered "ignore the
// schedule this once", lets the batch run until the hours begin; they
// apply again when they end, and at once when the batch is done.
func TestTheHoursIgnoredOnce(t *testing.T) {
	clock := clocktest.NewClock(at(22, 0))
	b := &batch{}
	s := New(clock, b, Settings{Limited: true, Window: Window{From: 23 * time.Hour, To: 7 * time.Hour}}, Usage{}, nil)
	steps := []struct {
		name    string
		advance time.Duration
		act     func()
		held    Why
	}{
		{"outside the hours", 0, nil, OutsideHours},
		{"ignored once", 0, s.IgnoreOnce, Free},
		{"still outside", 30 * time.Minute, nil, Free},
		{"inside", time.Hour, nil, Free},
		{"outside again", 8 * time.Hour, nil, OutsideHours},
		{"ignored once more", 0, s.IgnoreOnce, Free},
		{"the batch is done", 0, s.BatchDone, OutsideHours},
	}
	for _, st := range steps {
		clock.Advance(st.advance)
		if st.act != nil {
			st.act()
		}
		s.Tick()
		if s.Held() != st.held {
			t.Errorf("%s: held %v, want %v", st.name, s.Held(), st.held)
		}
	}
	if r := s.Reason(); r.Why != OutsideHours || !r.Until.Equal(at(23, 0).AddDate(0, 0, 1)) {
		t.Errorf("reason %+v, want outside the hours until 23:00", r)
	}
}

// TestARequestOutsideTheHoursWaits: a request asked for outside the hours
// waits until the hours begin.
func TestARequestOutsideTheHoursWaits(t *testing.T) {
	clock := clocktest.NewClock(at(22, 0))
	b := &batch{}
	s := New(clock, b, Settings{Limited: true, Window: Window{From: 23 * time.Hour, To: 7 * time.Hour}}, Usage{}, nil)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	<-clock.Waiting
	asked := make(chan error, 1)
	go func() { asked <- s.Requesting(ctx) }()
	<-clock.Waiting // the request had the schedule look: it waits
	clock.Advance(30 * time.Minute)
	<-clock.Waiting // the schedule looked again at 22:30
	select {
	case err := <-asked:
		t.Fatalf("a request at 22:30 went ahead (%v)", err)
	default:
	}
	clock.Advance(30 * time.Minute)
	for waiting := true; waiting; {
		select {
		case err := <-asked:
			if err != nil {
				t.Fatalf("the request ended with %v once the hours began", err)
			}
			waiting = false
		case <-clock.Waiting: // the schedule may have looked just before 23:00
			clock.Advance(pollEvery)
		}
	}
	if paused, _, resumes := b.state(); paused || resumes != 1 {
		t.Errorf("paused %v after %d resumes, want running", paused, resumes)
	}
}
