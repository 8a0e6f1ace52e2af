package gui

import (
	"context"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/downloader/clock"
	"haul/downloader/schedule"
	"haul/gui/kit"
	"haul/i18n"
)

// Preference keys of the schedule.
const (
	prefScheduleLimited = "schedule.limited"
	prefScheduleFrom    = "schedule.from"
	prefScheduleTo      = "schedule.to"
	prefScheduleCap     = "schedule.dailyCap"
	// prefScheduleDone kept what happens when all are done until it became
	// a choice for one batch; a value left by an older Haul is dropped.
	prefScheduleDone = "schedule.whenDone"
	// prefScheduleDay and prefScheduleUsed are the bytes received on the
	// day last counted, kept so that a restart goes on counting the day.
	prefScheduleDay  = "schedule.usage.day"
	prefScheduleUsed = "schedule.usage.bytes"
)

// dailyCapChoices are the data caps per day offered; any other can be
// typed; 0 is none.
var dailyCapChoices = []int64{0, 100_000_000, 500_000_000, 1_000_000_000, 5_000_000_000, 10_000_000_000, 50_000_000_000}

// scheduled is the window's schedule (package schedule): the hours the
// batch may run, its data cap per day, and what happens once it is done,
// under More…. Its settings apply at once; the hours and the cap are
// remembered. What happens when all are done applies once, to the batch
// it was chosen for: then it goes back to nothing, so a link added later
// never shuts the computer down unawares; a bar over the list says what
// will happen until then, with a button that calls it off.
type scheduled struct {
	u      *UI
	s      *schedule.Scheduler
	clock  clock.Clock
	system schedule.System
	// countdown is the action counting down, nil when none.
	countdown *schedule.Countdown
	// bar says what happens when all are done, while something will.
	bar      *fyne.Container
	barLabel *widget.Label
	// capEntry is the data per day in the open Schedule tab, nil when
	// none is open; capProblem, under it, says why typed text was not
	// taken.
	capEntry   *choiceEntry
	capProblem *widget.Label
}

// managerBatch is the window's engine as the schedule sees it; the
// watched pages are checked through it, so what their checks receive
// counts against the data cap too (the schedule meters the engine's
// bytes as they arrive).
type managerBatch struct{ u *UI }

func (b managerBatch) Hold() int    { return b.u.m.Controls().HoldAll() }
func (b managerBatch) Release() int { return b.u.m.Controls().ReleaseHeld() }

// newScheduled reads the schedule from the preferences.
func newScheduled(u *UI, clock clock.Clock, system schedule.System) *scheduled {
	p := u.prefs
	from, _ := schedule.ParseClock(p.StringWithFallback(prefScheduleFrom, "01:00"))
	to, _ := schedule.ParseClock(p.StringWithFallback(prefScheduleTo, "07:00"))
	settings := schedule.Settings{
		Limited:  p.BoolWithFallback(prefScheduleLimited, false),
		Window:   schedule.Window{From: from, To: to},
		DailyCap: int64(p.IntWithFallback(prefScheduleCap, 0)),
	}
	p.RemoveValue(prefScheduleDone)
	kept := schedule.Usage{Day: p.String(prefScheduleDay), Bytes: int64(p.Int(prefScheduleUsed))}
	keep := func(used schedule.Usage) {
		p.SetString(prefScheduleDay, used.Day)
		p.SetInt(prefScheduleUsed, int(used.Bytes))
	}
	s := schedule.New(clock, managerBatch{u: u}, settings, kept, keep)
	u.m.MeterBytes(s)
	sc := &scheduled{u: u, s: s, clock: clock, system: system, barLabel: widget.NewLabel("")}
	sc.barLabel.Importance = widget.WarningImportance
	calloff := widget.NewButton(lang.L("Don't"), func() { sc.set(func(s *schedule.Settings) { s.WhenDone = schedule.Nothing }) })
	sc.bar = container.NewBorder(nil, nil, nil, calloff, sc.barLabel)
	sc.bar.Hide()
	return sc
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
	sc.showWhenDone(s.WhenDone)
}

// showWhenDone shows the bar while something is to happen when all are done.
func (sc *scheduled) showWhenDone(a schedule.Action) {
	sc.barLabel.SetText(lang.X("schedule.pending", "When the downloads in the list are done: {{.Action}}",
		kit.Data{"Action": actionLabel(a)}))
	kit.Visible(sc.bar, a != schedule.Nothing)
}

// tab is the Schedule tab under More….
func (sc *scheduled) tab() fyne.CanvasObject {
	s := sc.s.Settings()
	from, to := sc.clockEntry(s.Window.From, true), sc.clockEntry(s.Window.To, false)
	limited := kit.NewEscCheck(lang.L("Download only between"), func(on bool) { sc.set(func(s *schedule.Settings) { s.Limited = on }) })
	limited.Checked = s.Limited
	sc.capEntry = newChoiceEntry(dailyCapLabel(s.DailyCap), dailyCapLabels(), sc.applyCap)
	sc.capProblem = widget.NewLabel("")
	sc.capProblem.Wrapping = fyne.TextWrapWord
	sc.capProblem.Importance = widget.WarningImportance
	sc.capProblem.Hide()
	done := newEscSelect(actionLabels(), sc.u.escape)
	done.SetSelected(actionLabel(s.WhenDone))
	done.OnChanged = func(string) {
		sc.set(func(s *schedule.Settings) { s.WhenDone = schedule.Actions[done.SelectedIndex()] })
	}
	once := widget.NewLabel(lang.L("Once: for the downloads in the list now and those added before they are done; then it goes back to Do nothing."))
	once.Wrapping = fyne.TextWrapWord
	once.Importance = widget.LowImportance
	hint := widget.NewLabel(lang.L("Outside these hours, or once the day's data is received, the downloads pause by themselves and go on later. Start asks whether to download anyway."))
	hint.Wrapping = fyne.TextWrapWord
	hint.Importance = widget.LowImportance
	clockBox := func(e *kit.EscEntry) fyne.CanvasObject {
		return container.NewGridWrap(fyne.NewSize(110, e.MinSize().Height), e) // room for 00:00 and the check mark
	}
	return container.NewVBox(
		container.NewHBox(limited, clockBox(from), widget.NewLabel(lang.L("and")), clockBox(to)),
		widget.NewForm(
			widget.NewFormItem(lang.L("Data per day:"), container.NewVBox(sc.capEntry, sc.capProblem)),
			widget.NewFormItem(lang.L("When all are done:"), done),
		),
		once,
		hint,
	)
}

// applyCap takes the data per day the user settled on: any amount, such
// as 500 MB or 50 MB. Text that is not one is explained under the field,
// and the cap stays as it was.
func (sc *scheduled) applyCap(text string) {
	n, ok := parseDailyCap(text)
	if !ok {
		sc.capProblem.SetText(lang.X("schedule.cap.invalid",
			"“{{.Text}}” is not an amount of data Haul understands, so the data per day is unchanged. Type a number with a unit, such as 500 MB or 2 GB, or choose no limit.",
			kit.Data{"Text": text}))
		sc.capProblem.Show()
		return
	}
	sc.capProblem.Hide()
	sc.set(func(s *schedule.Settings) { s.DailyCap = n })
	sc.capEntry.show(dailyCapLabel(n))
}

// closeMore applies a cap still being typed as More… closes; one that
// cannot be read is then told in the window.
func (sc *scheduled) closeMore() {
	if sc.capEntry == nil {
		return
	}
	sc.capEntry.commitTyped()
	if sc.capProblem.Visible() {
		sc.u.notice.set(sc.capProblem.Text)
	}
	sc.capEntry, sc.capProblem = nil, nil
}

// parseDailyCap reads a data cap typed by the user: "no limit", "500 MB",
// "50MB", "2 GiB". Zero means no cap.
func parseDailyCap(s string) (int64, bool) {
	if strings.EqualFold(strings.TrimSpace(s), lang.L("no limit")) {
		return 0, true
	}
	return downloader.ParseSize(s)
}

// askToIgnore asks, when Start is pressed while the schedule holds the
// downloads, whether to download anyway: yes ignores the schedule for
// this batch; either way the batch is started, and with Wait the
// schedule holds it (nothing is asked of the sites) until the hours begin
// or the next day.
func (sc *scheduled) askToIgnore(start func()) {
	why := i18n.ScheduleHold(kit.Tr, sc.s.Reason(), sc.clock.Now())
	text := widget.NewLabel(lang.X("schedule.ignore.text",
		"{{.Reason}}.\n\nDownload now anyway? The schedule is ignored for these downloads only, and holds again for the next ones.",
		kit.Data{"Reason": why}))
	text.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm(lang.X("schedule.ignore.title", "Download outside the schedule?"), lang.L("Download now"), lang.L("Wait"), text, func(yes bool) {
		if yes {
			sc.s.IgnoreOnce()
		}
		start()
	}, sc.u.win)
	d.Resize(fyne.NewSize(min(sc.u.win.Canvas().Size().Width-40, 480), d.MinSize().Height))
	sc.u.showDialog(d)
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

// batchDone starts the action chosen for the batch just done, with a
// dialog that counts the seconds down and cancels it; the choice goes
// back to nothing, its batch being done.
func (sc *scheduled) batchDone() {
	sc.s.BatchDone()
	a := sc.s.Settings().WhenDone
	if a == schedule.Nothing || sc.countdown != nil {
		return
	}
	sc.set(func(s *schedule.Settings) { s.WhenDone = schedule.Nothing })
	cd := schedule.Start(a, sc.clock, sc.system)
	sc.countdown = cd
	text := widget.NewLabel(countdownWords(a, schedule.CountdownLength))
	text.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom(lang.L("The downloads are done"), lang.L("Cancel"), text, sc.u.win)
	d.SetOnClosed(cd.Cancel)
	d.Resize(fyne.NewSize(min(sc.u.win.Canvas().Size().Width-40, 460), d.MinSize().Height))
	sc.u.showDialog(d)
	go sc.countDown(cd, sc.clock.After(time.Second), func(left time.Duration) { text.SetText(countdownWords(a, left)) })
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

// countDown shows the time left before the action each second, by the
// schedule's clock, until it is taken or called off; tick is the first
// second.
func (sc *scheduled) countDown(cd *schedule.Countdown, tick <-chan time.Time, show func(time.Duration)) {
	for {
		select {
		case <-cd.Done:
			return
		case <-tick:
			left := cd.At.Sub(sc.clock.Now())
			sc.u.do(func() { show(left) })
			tick = sc.clock.After(time.Second)
		}
	}
}

// countdownWords says what happens in how long: "Shut down in 0:42".
func countdownWords(a schedule.Action, left time.Duration) string {
	return lang.X("schedule.countdown.left", "{{.Action}} in {{.In}}. Cancel to stay as you are.",
		kit.Data{"Action": actionLabel(a), "In": countdownText(left)})
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
