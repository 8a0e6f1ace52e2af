package gui

import (
	"context"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/downloader/schedule"
	"haul/gui/kit"
)

// Preference keys of the schedule.
const (
	prefScheduleLimited = "schedule.limited"
	prefScheduleFrom    = "schedule.from"
	prefScheduleTo      = "schedule.to"
	prefScheduleCap     = "schedule.dailyCap"
	prefScheduleDone    = "schedule.whenDone"
	// prefScheduleDay and prefScheduleUsed are the bytes received on the
	// day last counted, kept so that a restart goes on counting the day.
	prefScheduleDay  = "schedule.usage.day"
	prefScheduleUsed = "schedule.usage.bytes"
)

// dailyCapChoices are the data caps per day offered; 0 is none.
var dailyCapChoices = []int64{0, 1_000_000_000, 5_000_000_000, 10_000_000_000, 50_000_000_000}

// scheduled is the window's schedule (package schedule): the hours the
// batch may run, its data cap per day, and what happens once it is done,
// under More…. Its settings apply at once and are remembered.
type scheduled struct {
	u      *UI
	s      *schedule.Scheduler
	clock  schedule.Clock
	system schedule.System
	// countdown is the action counting down, nil when none.
	countdown *schedule.Countdown
}

// managerBatch is the window's engine as the schedule sees it; what the
// watched pages' checks received counts against the data cap too.
type managerBatch struct {
	m       *downloader.Manager
	watched *watched
}

func (b managerBatch) Hold() int    { return b.m.Controls().HoldAll() }
func (b managerBatch) Release() int { return b.m.Controls().ReleaseHeld() }
func (b managerBatch) Received() int64 {
	return b.m.Summary().Received + b.watched.receivedBytes()
}

// newScheduled reads the schedule from the preferences.
func newScheduled(u *UI, clock schedule.Clock, system schedule.System) *scheduled {
	p := u.prefs
	from, _ := schedule.ParseClock(p.StringWithFallback(prefScheduleFrom, "01:00"))
	to, _ := schedule.ParseClock(p.StringWithFallback(prefScheduleTo, "07:00"))
	settings := schedule.Settings{
		Limited:  p.BoolWithFallback(prefScheduleLimited, false),
		Window:   schedule.Window{From: from, To: to},
		DailyCap: int64(p.IntWithFallback(prefScheduleCap, 0)),
		WhenDone: schedule.ParseAction(p.StringWithFallback(prefScheduleDone, schedule.Nothing.String())),
	}
	kept := schedule.Usage{Day: p.String(prefScheduleDay), Bytes: int64(p.Int(prefScheduleUsed))}
	keep := func(used schedule.Usage) {
		p.SetString(prefScheduleDay, used.Day)
		p.SetInt(prefScheduleUsed, int(used.Bytes))
	}
	s := schedule.New(clock, managerBatch{m: u.m, watched: u.watched}, settings, kept, keep)
	return &scheduled{u: u, s: s, clock: clock, system: system}
}

// start applies the schedule until ctx ends.
func (sc *scheduled) start(ctx context.Context) {
	go sc.s.Run(ctx)
}

// stop counts the day's data one last time and calls off an action
// counting down, as the window closes.
func (sc *scheduled) stop() {
	sc.s.Count()
	if sc.countdown != nil {
		sc.countdown.Cancel()
	}
}

// set applies and remembers changed settings.
func (sc *scheduled) set(change func(*schedule.Settings)) {
	s := sc.s.Settings()
	change(&s)
	sc.s.Set(s)
	p := sc.u.prefs
	p.SetBool(prefScheduleLimited, s.Limited)
	p.SetString(prefScheduleFrom, schedule.FormatClock(s.Window.From))
	p.SetString(prefScheduleTo, schedule.FormatClock(s.Window.To))
	p.SetInt(prefScheduleCap, int(s.DailyCap))
	p.SetString(prefScheduleDone, s.WhenDone.String())
}

// tab is the Schedule tab under More….
func (sc *scheduled) tab() fyne.CanvasObject {
	s := sc.s.Settings()
	from, to := sc.clockEntry(s.Window.From, true), sc.clockEntry(s.Window.To, false)
	limited := kit.NewEscCheck(lang.L("Download only between"), func(on bool) { sc.set(func(s *schedule.Settings) { s.Limited = on }) })
	limited.Checked = s.Limited
	capSelect := newEscSelect(dailyCapLabels(), sc.u.escape)
	capSelect.SetSelected(dailyCapLabel(s.DailyCap))
	capSelect.OnChanged = func(string) {
		sc.set(func(s *schedule.Settings) { s.DailyCap = dailyCapChoices[capSelect.SelectedIndex()] })
	}
	done := newEscSelect(actionLabels(), sc.u.escape)
	done.SetSelected(actionLabel(s.WhenDone))
	done.OnChanged = func(string) {
		sc.set(func(s *schedule.Settings) { s.WhenDone = schedule.Actions[done.SelectedIndex()] })
	}
	hint := widget.NewLabel(lang.L("Outside these hours, or once the day's data is received, the downloads pause by themselves and go on later."))
	hint.Wrapping = fyne.TextWrapWord
	hint.Importance = widget.LowImportance
	clockBox := func(e *kit.EscEntry) fyne.CanvasObject {
		return container.NewGridWrap(fyne.NewSize(110, e.MinSize().Height), e) // room for 00:00 and the check mark
	}
	return container.NewVBox(
		container.NewHBox(limited, clockBox(from), widget.NewLabel(lang.L("and")), clockBox(to)),
		widget.NewForm(
			widget.NewFormItem(lang.L("Data per day:"), capSelect),
			widget.NewFormItem(lang.L("When all are done:"), done),
		),
		hint,
	)
}

// clockEntry is a box for a time of day, taken once it reads as one.
func (sc *scheduled) clockEntry(d time.Duration, from bool) *kit.EscEntry {
	e := kit.NewEscEntry(nil)
	e.SetText(schedule.FormatClock(d))
	e.Validator = func(s string) error { _, err := schedule.ParseClock(s); return err }
	e.OnChanged = func(s string) {
		if d, err := schedule.ParseClock(s); err == nil {
			sc.set(func(s *schedule.Settings) {
				if from {
					s.Window.From = d
				} else {
					s.Window.To = d
				}
			})
		}
	}
	return e
}

// batchDone starts the action chosen for the end of the batch, with a
// dialog that counts down and cancels it.
func (sc *scheduled) batchDone() {
	a := sc.s.Settings().WhenDone
	if a == schedule.Nothing || sc.countdown != nil {
		return
	}
	cd := schedule.Start(a, sc.clock, sc.system)
	sc.countdown = cd
	text := widget.NewLabel(lang.X("schedule.countdown", "When all are done: {{.Action}} at {{.At}}, in one minute.",
		kit.Data{"Action": actionLabel(a), "At": cd.At.Local().Format("15:04:05")}))
	text.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom(lang.L("The downloads are done"), lang.L("Cancel"), text, sc.u.win)
	d.SetOnClosed(cd.Cancel)
	d.Resize(fyne.NewSize(min(sc.u.win.Canvas().Size().Width-40, 460), d.MinSize().Height))
	sc.u.showDialog(d)
	go func() {
		<-cd.Done
		sc.u.do(func() {
			sc.countdown = nil
			d.Hide()
			if cd.Err != nil {
				sc.u.notice.set(lang.X("schedule.failed", "{{.Action}} did not work: {{.Error}}", kit.Data{"Action": actionLabel(a), "Error": cd.Err.Error()}))
			}
		})
	}()
}

// actionLabel names an action for the user.
func actionLabel(a schedule.Action) string {
	switch a {
	case schedule.Quit:
		return lang.L("Quit Haul")
	case schedule.Sleep:
		return lang.L("Sleep")
	case schedule.ShutDown:
		return lang.L("Shut down")
	}
	return lang.L("Do nothing")
}

// actionLabels names every action, in order.
func actionLabels() []string {
	out := make([]string, len(schedule.Actions))
	for i, a := range schedule.Actions {
		out[i] = actionLabel(a)
	}
	return out
}

// dailyCapLabel names a data cap: "no limit" or "5.0 GB".
func dailyCapLabel(n int64) string {
	if n <= 0 {
		return lang.L("no limit")
	}
	return humanize.Bytes(uint64(n))
}

// dailyCapLabels names every cap offered.
func dailyCapLabels() []string {
	out := make([]string, len(dailyCapChoices))
	for i, n := range dailyCapChoices {
		out[i] = dailyCapLabel(n)
	}
	return out
}
