package gui

import (
	"sync"
	"testing"
	"time"

	"haul/downloader"
	"haul/downloader/schedule"
	"haul/downloader/watch/watchtest"
)

// fakeSystem counts what the schedule asks of the computer.
type fakeSystem struct {
	mu                    sync.Mutex
	quit, sleep, shutdown int
}

func (s *fakeSystem) Quit()           { s.mu.Lock(); s.quit++; s.mu.Unlock() }
func (s *fakeSystem) Sleep() error    { s.mu.Lock(); s.sleep++; s.mu.Unlock(); return nil }
func (s *fakeSystem) ShutDown() error { s.mu.Lock(); s.shutdown++; s.mu.Unlock(); return nil }

func (s *fakeSystem) counts() [3]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return [3]int{s.quit, s.sleep, s.shutdown}
}

// TestTheEndOfTheBatchCountsDownToTheActionChosen: once the batch is
// done, the action chosen under More… is taken a minute later, by the
// clock, unless the countdown's dialog is cancelled; the schedule's
// settings are remembered.
func TestTheEndOfTheBatchCountsDownToTheActionChosen(t *testing.T) {
	cases := []struct {
		name   string
		action schedule.Action
		cancel bool
		want   [3]int
	}{
		{"shut down", schedule.ShutDown, false, [3]int{0, 0, 1}},
		{"sleep", schedule.Sleep, false, [3]int{0, 1, 0}},
		{"quit", schedule.Quit, false, [3]int{1, 0, 0}},
		{"cancelled", schedule.ShutDown, true, [3]int{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			clock := watchtest.NewClock(time.Date(2026, 3, 1, 23, 0, 0, 0, time.UTC))
			sys := &fakeSystem{}
			h.cfg.scheduleClock, h.cfg.system = clock, sys
			h.reopen()
			sc := h.ui.schedule
			sc.set(func(s *schedule.Settings) { s.WhenDone = c.action })
			if got := h.ui.prefs.String(prefScheduleDone); got != c.action.String() {
				t.Errorf("the action is remembered as %q", got)
			}
			urls := h.serve([]string{"a.png"}, fileBody)
			h.paste(urls[0])
			h.waitRows(1)
			h.ui.batch.Start()
			h.waitState(urls[0], downloader.Done)
			h.pump("the countdown", func() bool { return sc.countdown != nil })
			cd := sc.countdown
			if c.cancel {
				h.ui.closeTopDialog()
			}
			clock.Advance(schedule.CountdownLength)
			<-cd.Done
			if got := sys.counts(); got != c.want {
				t.Errorf("quit, sleep, shut down: %v, want %v", got, c.want)
			}
		})
	}
}
