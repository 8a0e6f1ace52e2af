package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/downloader/schedule"
	"haul/gui/kit"
)

// batchBar holds the controls for the whole list and runs their commands:
// start, pause all, stop, retry failed, clear, copy the failed links,
// export the report (report.go) and open the folder. The commands used
// less often sit in a menu, so the bar fits an 800-pixel-wide window.
type batchBar struct {
	u                                              *UI
	start, pauseAll, stop, retryFailed, openFolder *kit.TipButton
	more                                           *kit.TipButton
	// proxy says which proxy the downloads go through, when one is used,
	// in the room the buttons leave: cut short, it shows whole as a tip.
	proxy                                          *kit.TipLabel
	menu                                           *fyne.Menu
	clearFinished, clearFailed, copyFailed, export *fyne.MenuItem
}

func newBatchBar(u *UI) *batchBar {
	b := &batchBar{u: u}
	b.start = kit.NewTipButton(lang.L("Start"), theme.MediaPlayIcon(), withKey(lang.L("Start the downloads and resume paused ones"), fyne.KeyReturn, ctrlKey), b.Start)
	b.pauseAll = kit.NewTipButton(lang.L("Pause all"), theme.MediaPauseIcon(), withKey(lang.L("Pause every download; Start resumes them"), fyne.KeyP, ctrlKey), b.PauseAll)
	b.stop = kit.NewTipButton(lang.L("Stop"), theme.MediaStopIcon(), withKey(lang.L("Stop every download, keeping what is saved so far"), fyne.KeyS, ctrlShiftKey), b.Stop)
	b.retryFailed = kit.NewTipButton(lang.L("Retry failed"), theme.ViewRefreshIcon(), withKey(lang.L("Try every failed download again"), fyne.KeyR, ctrlKey), b.RetryFailed)
	b.openFolder = kit.NewTipButton(lang.L("Open folder"), theme.FolderOpenIcon(), withKey(lang.L("Show the download folder"), fyne.KeyO, ctrlShiftKey), b.OpenFolder)
	b.proxy = kit.NewTipLabel()
	b.proxy.Importance = widget.LowImportance
	b.proxy.Alignment = fyne.TextAlignTrailing
	b.proxy.Hide()
	b.clearFinished = menuItem(lang.L("Clear finished"), theme.ContentClearIcon(), fyne.KeyL, ctrlKey, b.ClearFinished)
	b.clearFailed = fyne.NewMenuItem(lang.L("Clear failed"), b.ClearFailed)
	b.clearFailed.Icon = theme.DeleteIcon()
	b.copyFailed = menuItem(lang.L("Copy failed links"), theme.ContentCopyIcon(), fyne.KeyC, ctrlShiftKey, b.CopyFailed)
	b.export = menuItem(lang.L("Export report…"), theme.DocumentSaveIcon(), fyne.KeyE, ctrlKey, b.ExportReport)
	b.menu = fyne.NewMenu("", b.clearFinished, b.clearFailed, b.copyFailed, b.export)
	b.more = kit.NewTipButton("", theme.MoreHorizontalIcon(), lang.L("More commands for the list"), nil)
	b.more.OnTapped = func() { showMenuUnder(u.win.Canvas(), b.menu, b.more) }
	b.start.Importance = widget.HighImportance
	b.enable(downloader.Summary{})
	return b
}

// menuItem is a menu entry that shows its keyboard shortcut.
func menuItem(label string, icon fyne.Resource, key fyne.KeyName, mod fyne.KeyModifier, action func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, action)
	it.Icon = icon
	it.Shortcut = &desktop.CustomShortcut{KeyName: key, Modifier: mod}
	return it
}

// showMenuUnder pops a menu up under a button, or above it when there is
// no room below, within the window (see kit.ShowMenu).
func showMenuUnder(c fyne.Canvas, m *fyne.Menu, under fyne.CanvasObject) {
	kit.ShowMenu(c, m, fyne.CurrentApp().Driver().AbsolutePositionForObject(under), under.Size())
}

// row is the batch's buttons, the proxy in use between them.
func (b *batchBar) row() fyne.CanvasObject {
	return inReadingOrder(nil, nil, container.NewHBox(b.start, b.pauseAll, b.stop, b.retryFailed),
		container.NewHBox(b.openFolder, b.more), b.proxy)
}

// enable greys out the controls that would do nothing now.
func (b *batchBar) enable(s downloader.Summary) {
	kit.Enabled(b.start, s.Paused > 0 || !s.Running && s.Left() > 0)
	kit.Enabled(b.pauseAll, s.Queued+s.Active+s.Waiting > 0)
	kit.Enabled(b.stop, s.Running && s.Queued+s.Active+s.Waiting > 0)
	kit.Enabled(b.retryFailed, s.Failed > 0)
	b.clearFinished.Disabled = s.Finished()-s.Failed == 0
	b.clearFailed.Disabled = s.Failed == 0
	b.copyFailed.Disabled = s.Failed == 0
	b.export.Disabled = s.Total == 0
}

// Start runs the queue and resumes paused items (Ctrl+Enter). A folder
// that cannot be used is explained, with a way to choose another.
func (b *batchBar) Start() {
	u := b.u
	// Clicking Start takes no focus from the speed field, so a speed typed
	// there without Enter is applied now, before anything downloads.
	u.settings.speed.commitTyped()
	if u.schedule.s.Reason().Why != schedule.Free {
		u.schedule.askToIgnore(b.startNow)
		return
	}
	b.startNow()
}

// startNow starts the downloads and resumes the paused ones.
func (b *batchBar) startNow() {
	u := b.u
	u.command(func() {
		if err := u.holds.hold(u.m.Dir()); err != nil {
			u.do(func() { u.settings.explainFolder(folderProblemOf(u.m.Dir(), err)) })
			return
		}
		if err := u.m.Start(u.ctx); err != nil {
			u.do(func() { u.settings.explainFolder(folderProblemOf(u.m.Dir(), err)) })
			return
		}
		u.m.Controls().ResumeAll()
		u.do(u.batch.forgetResumeHint)
	})
}

// forgetResumeHint drops "press Start to continue" once Start was pressed.
func (b *batchBar) forgetResumeHint() {
	u := b.u
	if !u.restored.resume {
		return
	}
	hint := u.restored.message()
	u.restored.resume = false
	if u.intake.label.Text == hint {
		u.intake.set(u.restored.message(), nil)
	}
}

// PauseAll pauses every unfinished item (Ctrl+P); Start resumes them.
func (b *batchBar) PauseAll() {
	u := b.u
	u.command(func() { u.m.Controls().PauseAll() })
}

// Stop halts every download (Ctrl+Shift+S, or Esc in the list); partial
// files stay, so Start resumes.
func (b *batchBar) Stop() {
	u := b.u
	u.command(u.m.Stop)
}

// RetryFailed queues every failed item again (Ctrl+R), a page that wants
// a sign-in before its pictures (see retryFailed).
func (b *batchBar) RetryFailed() {
	u := b.u
	u.command(func() { retryFailed(u.m) })
}

// ClearFinished removes saved, skipped and canceled rows; the files stay,
// and so do failed rows, with their Retry. What the intake line said of the
// links added is done with too.
func (b *batchBar) ClearFinished() {
	u := b.u
	u.list.UnselectAll()
	u.intake.set("", nil)
	u.command(func() { u.m.Controls().ClearFinished() })
}

// ClearFailed removes the failed rows, once their links are no longer
// wanted; what they saved stays on disk.
func (b *batchBar) ClearFailed() {
	u := b.u
	u.list.UnselectAll()
	u.command(func() { u.m.Controls().ClearFailed() })
}

// CopyFailed puts the failed links on the clipboard, one per line.
func (b *batchBar) CopyFailed() {
	u := b.u
	var text []byte
	n := 0
	for _, it := range u.rows.items {
		if it.state == downloader.Failed {
			text = append(append(text, it.url...), '\n')
			n++
		}
	}
	u.app.Clipboard().SetContent(string(text))
	u.intake.set(lang.XN("intake.copied", "Copied {{.N}} failed links", n, kit.Data{"N": n}), nil)
}

// OpenFolder shows the output folder in the file manager.
func (b *batchBar) OpenFolder() {
	u := b.u
	u.openURL(u.m.Dir())
}

// showProxy says which proxy the downloads go through, if any.
func (b *batchBar) showProxy(inUse string) {
	b.proxy.SetText(inUse)
	kit.Visible(b.proxy, inUse != "")
}
