package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
)

// Column widths of a row; the status column takes the rest.
var rowColumns = []float32{24, 280, 130, 150, 90, 80, 0, 3 * 40}

// row is one line of the list: state icon, name, progress, size, speed,
// time left, status in words and the buttons that fit the state.
type row struct {
	widget.BaseWidget
	ui   *UI
	view rowView

	icon                             *widget.Icon
	title, size, speed, left, status *widget.Label
	bar                              *widget.ProgressBar
	pause, resume, cancel, retry     *widget.Button
	open, folder                     *widget.Button
}

func newRow(ui *UI) *row {
	r := &row{ui: ui, icon: widget.NewIcon(nil), bar: widget.NewProgressBar()}
	r.title, r.size, r.speed, r.left, r.status = truncLabel(), truncLabel(), truncLabel(), truncLabel(), truncLabel()
	r.pause = widget.NewButtonWithIcon("", theme.MediaPauseIcon(), func() { ui.m.Pause(r.view.ID) })
	r.resume = widget.NewButtonWithIcon("", theme.MediaPlayIcon(), func() { ui.m.Resume(r.view.ID) })
	r.cancel = widget.NewButtonWithIcon("", theme.CancelIcon(), func() { ui.m.Cancel(r.view.ID) })
	r.retry = widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), func() { ui.m.Retry(r.view.ID) })
	r.open = widget.NewButtonWithIcon("", theme.FileImageIcon(), func() { ui.openPath(r.view.Path) })
	r.folder = widget.NewButtonWithIcon("", theme.FolderOpenIcon(), func() { ui.showInFolder(r.view.Path) })
	for _, b := range r.buttons() {
		b.Importance = widget.LowImportance
	}
	r.ExtendBaseWidget(r)
	return r
}

func truncLabel() *widget.Label {
	l := widget.NewLabel("")
	l.Truncation = fyne.TextTruncateEllipsis
	return l
}

func (r *row) buttons() []*widget.Button {
	return []*widget.Button{r.pause, r.resume, r.retry, r.open, r.folder, r.cancel}
}

// CreateRenderer lays the row out in fixed columns.
func (r *row) CreateRenderer() fyne.WidgetRenderer {
	r.bar.TextFormatter = nil
	actions := container.NewHBox()
	for _, b := range r.buttons() {
		actions.Add(b)
	}
	content := container.New(&columns{widths: rowColumns, gap: theme.Padding()},
		container.NewCenter(r.icon), r.title, container.NewVBox(layout.NewSpacer(), r.bar, layout.NewSpacer()),
		r.size, r.speed, r.left, r.status, actions)
	return widget.NewSimpleRenderer(content)
}

// set shows a view; it does nothing when the view has not changed.
func (r *row) set(v rowView) {
	if v == r.view {
		return
	}
	old := r.view
	r.view = v
	if old.State != v.State || old.ID == 0 {
		r.icon.SetResource(stateIcon(v.State))
		r.showButtons(v)
	}
	r.title.SetText(v.Title)
	if v.Progress < 0 {
		r.bar.Hide()
	} else {
		r.bar.SetValue(v.Progress)
		r.bar.Show()
	}
	r.size.SetText(v.Size)
	r.speed.SetText(v.Speed)
	r.left.SetText(v.Left)
	r.status.SetText(v.Status)
	if old.Path != v.Path {
		r.showButtons(v)
	}
}

// showButtons shows the actions that make sense in the item's state.
func (r *row) showButtons(v rowView) {
	st := v.State
	visible(r.pause, st == downloader.Queued || st == downloader.Active || st == downloader.Waiting)
	visible(r.resume, st == downloader.Paused)
	visible(r.cancel, !st.Final())
	visible(r.retry, st == downloader.Failed || st == downloader.Canceled)
	visible(r.open, st == downloader.Done && v.Path != "")
	visible(r.folder, (st == downloader.Done || st == downloader.Skipped) && v.Path != "")
}

func visible(o fyne.CanvasObject, show bool) {
	if show {
		o.Show()
	} else {
		o.Hide()
	}
}
