package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
)

// batchBar holds the controls for the whole list.
type batchBar struct {
	start, pauseAll, stop, retryFailed, clearFinished *widget.Button
	copyFailed, export, openFolder                    *widget.Button
}

func newBatchBar(u *UI) *batchBar {
	b := &batchBar{
		start:         widget.NewButtonWithIcon(lang.L("Start"), theme.MediaPlayIcon(), u.Start),
		pauseAll:      widget.NewButtonWithIcon(lang.L("Pause all"), theme.MediaPauseIcon(), u.PauseAll),
		stop:          widget.NewButtonWithIcon(lang.L("Stop"), theme.MediaStopIcon(), u.Stop),
		retryFailed:   widget.NewButtonWithIcon(lang.L("Retry failed"), theme.ViewRefreshIcon(), u.RetryFailed),
		clearFinished: widget.NewButtonWithIcon(lang.L("Clear finished"), theme.ContentClearIcon(), u.ClearFinished),
		copyFailed:    widget.NewButtonWithIcon(lang.L("Copy failed links"), theme.ContentCopyIcon(), u.CopyFailed),
		export:        widget.NewButtonWithIcon(lang.L("Export report…"), theme.DocumentSaveIcon(), u.ExportReport),
		openFolder:    widget.NewButtonWithIcon(lang.L("Open folder"), theme.FolderOpenIcon(), u.OpenFolder),
	}
	b.start.Importance = widget.HighImportance
	b.enable(downloader.Summary{})
	return b
}

func (b *batchBar) row() fyne.CanvasObject {
	return container.NewHBox(b.start, b.pauseAll, b.stop, b.retryFailed, b.clearFinished,
		b.copyFailed, b.export, b.openFolder)
}

// enable greys out the controls that would do nothing now.
func (b *batchBar) enable(s downloader.Summary) {
	enabled(b.start, s.Paused > 0 || !s.Running && s.Left() > 0)
	enabled(b.pauseAll, s.Queued+s.Active+s.Waiting > 0)
	enabled(b.stop, s.Running)
	enabled(b.retryFailed, s.Failed > 0)
	enabled(b.clearFinished, s.Finished() > 0)
	enabled(b.copyFailed, s.Failed > 0)
	enabled(b.export, s.Total > 0)
}

func enabled(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}

// Start runs the queue and resumes paused items (Ctrl+Enter).
func (u *UI) Start() {
	u.command(func() {
		if err := u.m.Start(u.ctx); err != nil {
			u.do(func() { u.showError(err) })
			return
		}
		u.m.ResumeAll()
	})
}

// PauseAll pauses every unfinished item (Ctrl+P); Start resumes them.
func (u *UI) PauseAll() { u.command(func() { u.m.PauseAll() }) }

// Stop halts every download (Esc); partial files stay, so Start resumes.
func (u *UI) Stop() { u.command(u.m.Stop) }

// RetryFailed queues every failed item again (Ctrl+R).
func (u *UI) RetryFailed() { u.command(func() { u.m.RetryFailed() }) }

// ClearFinished removes saved, skipped, failed and canceled rows; the files stay.
func (u *UI) ClearFinished() {
	u.list.UnselectAll()
	u.command(func() { u.m.ClearFinished() })
}

// CopyFailed puts the failed links on the clipboard, one per line.
func (u *UI) CopyFailed() {
	var text []byte
	n := 0
	for _, it := range u.rows.items {
		if it.State == downloader.Failed {
			text = append(append(text, it.URL...), '\n')
			n++
		}
	}
	u.app.Clipboard().SetContent(string(text))
	u.intake.set(lang.XN("intake.copied", "Copied {{.N}} failed links", n, data{"N": n}), nil)
}

// OpenFolder shows the output folder in the file manager.
func (u *UI) OpenFolder() {
	u.openURL(u.m.Dir())
}
