package gui

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/downloader/clock/clocktest"
	"haul/downloader/downloadtest"
	"haul/downloader/network"
	"haul/downloader/schedule"
	"haul/gui/guitest"
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
// clock, unless the countdown's dialog is cancelled; the dialog counts
// the seconds; the choice was for that batch alone: it goes back to
// nothing, is not remembered, and the next batch ends without one.
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
			clock := clocktest.NewClock(time.Date(2026, 3, 1, 23, 0, 0, 0, time.UTC))
			sys := &fakeSystem{}
			h.cfg.scheduleClock, h.cfg.system = clock, sys
			h.reopen()
			sc := h.ui.schedule
			sc.set(func(s *schedule.Settings) { s.WhenDone = c.action })
			if got := h.ui.prefs.String(prefScheduleDone); got != "" {
				t.Errorf("the action is remembered as %q", got)
			}
			if !sc.bar.Visible() || !strings.Contains(sc.barLabel.Text, actionLabel(c.action)) {
				t.Errorf("the window does not say what happens when all are done: %q", sc.barLabel.Text)
			}
			urls := h.serve([]string{"a.png", "later.png"}, fileBody)
			h.paste(urls[0])
			h.waitRows(1)
			h.ui.batch.Start()
			h.waitState(urls[0], downloader.Done)
			h.pump("the countdown", func() bool { return sc.countdown != nil })
			cd := sc.countdown
			if sc.s.Settings().WhenDone != schedule.Nothing || sc.bar.Visible() {
				t.Error("the action chosen for the batch stays chosen once it is done")
			}
			if c.cancel {
				h.ui.closeTopDialog()
			} else {
				clock.Advance(time.Second)
				h.pump("the countdown to count", func() bool { return dialogSays(h, "in 0:59") })
			}
			clock.Advance(schedule.CountdownLength)
			<-cd.Done
			if got := sys.counts(); got != c.want {
				t.Errorf("quit, sleep, shut down: %v, want %v", got, c.want)
			}
			h.pump("the countdown to end", func() bool { return sc.countdown == nil })
			h.paste(urls[1])
			h.waitState(urls[1], downloader.Done)
			h.drain()
			if sc.countdown != nil || sys.counts() != c.want {
				t.Error("a link added after the batch was done counts down to the action again")
			}
		})
	}
}

// TestTheScheduleResumesOnlyTheRowsItPaused: outside the hours chosen
// the rows pause by themselves and resume when the hours begin, but a
// row the user paused stays paused.
func TestTheScheduleResumesOnlyTheRowsItPaused(t *testing.T) {
	h := newHarness(t, nil)
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 22, 0, 0, 0, time.UTC))
	h.cfg.scheduleClock, h.cfg.system = clock, &fakeSystem{}
	h.reopen()
	<-clock.Waiting // the schedule looked once
	urls := h.serve([]string{"mine.png", "held.png"}, fileBody)
	h.paste(urls[0] + "\n" + urls[1])
	h.waitRows(2)
	mine, _ := h.view(urls[0])
	h.ui.m.Controls().Pause(mine.ID)
	h.ui.schedule.set(func(s *schedule.Settings) {
		s.Limited, s.Window = true, schedule.Window{From: 23 * time.Hour, To: 7 * time.Hour}
	})
	<-clock.Waiting // held outside the hours
	h.waitState(urls[1], downloader.Paused)
	drain(clock)
	clock.Advance(time.Hour)
	<-clock.Waiting // released at 23:00
	h.waitState(urls[1], downloader.Queued)
	if v, _ := h.view(urls[0]); v.State != downloader.Paused {
		t.Errorf("the row paused by hand is %v once the hours began, want paused", v.State)
	}
}

// TestTheDailyCapCountsTheDaysDownloadsAcrossARestart: the bytes a day's
// downloads received count against the cap even when their rows are
// cleared, and still count when Haul starts again that day: the next
// download stops at the cap.
func TestTheDailyCapCountsTheDaysDownloadsAcrossARestart(t *testing.T) {
	h := newHarness(t, nil)
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	h.cfg.scheduleClock, h.cfg.system = clock, &fakeSystem{}
	h.reopen()
	big := downloadtest.Data(200<<10, 7)
	h.srv.Handle("/big.bin", big)
	h.ui.schedule.set(func(s *schedule.Settings) { s.DailyCap = 300 << 10 })
	h.paste(h.srv.URL("/big.bin"))
	h.waitRows(1)
	h.ui.batch.Start()
	h.waitState(h.srv.URL("/big.bin"), downloader.Done)
	h.ui.m.Controls().ClearFinished()
	h.reopen() // the same day
	<-clock.Waiting
	if got := h.ui.schedule.s.Usage(); got.Day != "2026-03-01" || got.Bytes != int64(len(big)) {
		t.Errorf("after a restart the day's usage is %+v, want %d bytes on 2026-03-01", got, len(big))
	}
	h.srv.Handle("/more.bin", big)
	h.paste(h.srv.URL("/more.bin"))
	h.waitRows(1)
	h.ui.batch.Start()
	h.waitState(h.srv.URL("/more.bin"), downloader.Paused)
	const why = "Continues tomorrow: today's 307 kB are used"
	h.pump("the held row says why", func() bool { v, _ := h.view(h.srv.URL("/more.bin")); return v.Status == why })
	h.waitTotals(why)
	// The read that reaches the cap is kept whole: at least network.MinChunk.
	if got := h.ui.schedule.s.Usage().Bytes; got < 300<<10 || got > 300<<10+max(300<<10/100, network.MinChunk) {
		t.Errorf("%d bytes received for a cap of %d, want the cap within 1%% or one read of %d bytes", got, 300<<10, network.MinChunk)
	}
	if got := h.ui.schedule.s.Held(); got != schedule.CapReached {
		t.Errorf("at the 300 KiB cap the schedule holds %v", got)
	}
}

// dialogSays says whether the dialog on top shows a text containing text.
func dialogSays(h *harness, text string) bool {
	found := false
	if top := h.win.Canvas().Overlays().Top(); top != nil {
		guitest.Walk(top, func(o fyne.CanvasObject) {
			if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, text) {
				found = true
			}
		})
	}
	return found
}

// drain forgets that the clock was waited on so far, so that the next
// wait seen is one started after the clock moves.
func drain(clock *clocktest.Clock) {
	for {
		select {
		case <-clock.Waiting:
		default:
			return
		}
	}
}

// quitWatch is the app, with whether Quit was called on the UI thread.
type quitWatch struct {
	fyne.App
	onUI  *atomic.Bool
	quits chan bool
}

func (a quitWatch) Quit() { a.quits <- a.onUI.Load() }

// TestQuitAtTheEndOfTheBatchRunsOnTheUIThread: "Quit Haul" when all are
// done closes the window and quits the app on the UI thread, never from
// the countdown's own goroutine.
func TestQuitAtTheEndOfTheBatchRunsOnTheUIThread(t *testing.T) {
	h := newHarness(t, nil)
	var onUI atomic.Bool
	h.cfg.do = func(f func()) {
		h.queue <- func() { onUI.Store(true); f(); onUI.Store(false) }
	}
	quits := make(chan bool, 2)
	h.app = quitWatch{App: h.app, onUI: &onUI, quits: quits}
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 23, 0, 0, 0, time.UTC))
	h.cfg.scheduleClock, h.cfg.system = clock, nil // the computer's own: quit is Haul's
	h.reopen()
	sc := h.ui.schedule
	sc.set(func(s *schedule.Settings) { s.WhenDone = schedule.Quit })
	urls := h.serve([]string{"a.png"}, fileBody)
	h.paste(urls[0])
	h.waitRows(1)
	h.ui.batch.Start()
	h.waitState(urls[0], downloader.Done)
	h.pump("the countdown", func() bool { return sc.countdown != nil })
	clock.Advance(schedule.CountdownLength)
	var quitOnUI, quit bool
	h.pump("Haul to quit", func() bool {
		select {
		case quitOnUI = <-quits:
			quit = true
		default:
		}
		return quit
	})
	if !quitOnUI {
		t.Error("Haul quit off the UI thread")
	}
}

// TestOutsideTheHoursTheRowsSayWhyAndStartAsks: outside the download hours
// Start asks whether to download anyway; Wait leaves the batch to the
// schedule, its rows and the totals line saying why and when it goes on,
// and nothing is asked of the site; Download now saves them without the
// schedule pausing them again, and the next batch keeps to the schedule.
func TestOutsideTheHoursTheRowsSayWhyAndStartAsks(t *testing.T) {
	h := newHarness(t, nil)
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 22, 0, 0, 0, time.Local))
	h.cfg.scheduleClock, h.cfg.system = clock, &fakeSystem{}
	h.reopen()
	h.ui.schedule.set(func(s *schedule.Settings) {
		s.Limited, s.Window = true, schedule.Window{From: 23 * time.Hour, To: 7 * time.Hour}
	})
	urls := h.serve([]string{"a.png", "b.png"}, fileBody)
	h.paste(urls[0] + "\n" + urls[1])
	h.waitRows(2)
	const why = "Continues at 23:00: outside your download hours"
	h.ui.batch.Start()
	if !dialogSays(h, why) {
		t.Fatal("Start outside the hours did not ask whether to download anyway")
	}
	test.Tap(h.dialogButton("Wait"))
	for _, u := range urls {
		h.pump(u+" held", func() bool { v, _ := h.view(u); return v.Status == why })
	}
	h.waitTotals(why)
	if hits := h.srv.Hits("/a.png") + h.srv.Hits("/b.png"); hits != 0 {
		t.Errorf("%d requests outside the hours, want none", hits)
	}
	h.ui.batch.Start()
	test.Tap(h.dialogButton("Download now"))
	for _, u := range urls {
		h.waitState(u, downloader.Done)
	}
	if got := h.ui.schedule.s.Reason().Why; got != schedule.OutsideHours {
		t.Errorf("once the batch is done the schedule says %v, want outside the hours for the next one", got)
	}
}

// TestTheDataPerDayTakesAnyAmount: the data per day takes any amount
// typed, such as 500 MB or 50 MB, and explains text that is not one,
// keeping the cap as it was.
func TestTheDataPerDayTakesAnyAmount(t *testing.T) {
	h := newHarness(t, nil)
	h.ui.schedule.tab()
	cases := []struct {
		typed string
		cap   int64
		ok    bool
	}{
		{"500 MB", 500_000_000, true},
		{"50MB", 50_000_000, true},
		{"lots", 50_000_000, false},
		{"no limit", 0, true},
	}
	for _, c := range cases {
		h.ui.schedule.applyCap(c.typed)
		if got := h.ui.schedule.s.Settings().DailyCap; got != c.cap {
			t.Errorf("%q: cap %d, want %d", c.typed, got, c.cap)
		}
		if shown := h.ui.schedule.capProblem.Visible(); shown == c.ok {
			t.Errorf("%q: problem shown %v (%q)", c.typed, shown, h.ui.schedule.capProblem.Text)
		}
	}
	if got := h.ui.prefs.Int(prefScheduleCap); got != 0 {
		t.Errorf("cap kept as %d, want 0", got)
	}
}
