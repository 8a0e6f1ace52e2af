package gui

import (
	"image"
	"net/url"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/gui/kit"
)

// Row columns: state icon, name, progress bar (which says how much of the
// file is saved), status and actions. The name and the status share what
// is left, nearly half each: a download's status carries its speed, time
// left and connections. When the window is narrow the bar gives way, so
// the status and the actions always show.
var rowLayout = &fitColumns{
	widths:  []float32{36, 0, barWidth, 0, 3 * 36},
	weights: []float32{0, 4, 0, 5, 0},
	minFlex: 150,
	drop:    []int{2},
}

// barWidth is the progress bar's width: room for "180 MB of 210 MB".
const barWidth = 140

// row is one line of the list: state icon, name, progress with the size,
// status in words and the buttons that fit the state, with a menu of every
// action (also on right click).
type row struct {
	widget.BaseWidget
	ui   *UI
	view rowView

	icon  *widget.Icon
	thumb *canvas.Image
	// mark is the background of a picked row.
	mark *canvas.Rectangle
	// title and status show their whole text as a tip when it is cut.
	title, status                *kit.TipLabel
	bar                          *widget.ProgressBar
	pause, resume, cancel, retry *kit.TipButton
	open, folder, actions        *kit.TipButton
	// signIn offers the cookies of the user's browser for a site that wants a sign-in.
	signIn *kit.TipButton
}

func newRow(ui *UI) *row {
	r := &row{ui: ui, icon: widget.NewIcon(nil), bar: widget.NewProgressBar(), thumb: canvas.NewImageFromImage(nil)}
	r.mark = canvas.NewRectangle(theme.Color(theme.ColorNameSelection))
	r.mark.Hide()
	r.thumb.FillMode = canvas.ImageFillContain
	r.thumb.Hide()
	r.title, r.status = kit.NewTipLabel(), kit.NewTipLabel()
	r.pause = kit.NewTipButton("", theme.MediaPauseIcon(), lang.L("Pause this download"), func() { ui.m.Controls().Pause(r.view.ID) })
	r.resume = kit.NewTipButton("", theme.MediaPlayIcon(), lang.L("Resume this download"), func() { ui.m.Controls().Resume(r.view.ID) })
	r.cancel = kit.NewTipButton("", theme.CancelIcon(), lang.L("Cancel this download and delete its partial file"), func() { ui.m.Controls().Cancel(r.view.ID) })
	r.retry = kit.NewTipButton("", theme.ViewRefreshIcon(), lang.L("Try this download again"), r.retryNow)
	r.open = kit.NewTipButton("", theme.FileImageIcon(), lang.L("Open the saved file"), func() { ui.openPath(r.view.Path) })
	r.folder = kit.NewTipButton("", theme.FolderOpenIcon(), lang.L("Show the file in its folder"), func() { ui.showInFolder(r.view.Path) })
	r.signIn = kit.NewTipButton("", theme.AccountIcon(), lang.L("Use cookies from my browser…"), func() { ui.askSignIn(r.view.URL) })
	r.actions = kit.NewTipButton("", theme.MoreVerticalIcon(), lang.L("Everything you can do with this download"), r.showMenu)
	for _, b := range r.buttons() {
		b.Importance = widget.LowImportance
	}
	r.ExtendBaseWidget(r)
	return r
}

// MinSize is the smallest size of a row, the same for every row; see rowSize.
func (r *row) MinSize() fyne.Size {
	return r.ui.rowSize.min(r)
}

// rowSize remembers the smallest size of a row, which depends only on the
// theme: each row has the same columns, and its labels cut what does not
// fit. The list measures a new template row every time it is refreshed,
// up to 8 times a second; measured by its widgets, each of those rows
// would build their renderers, which Fyne keeps for a minute — megabytes
// of icons and text for rows that are never shown.
type rowSize struct {
	key  rowSizeKey
	size fyne.Size
}

// rowSizeKey is what the size of a row depends on.
type rowSizeKey struct {
	text, padding, icon float32
}

// min is the smallest size of a row in r's theme.
func (s *rowSize) min(r *row) fyne.Size {
	th := r.Theme()
	key := rowSizeKey{th.Size(theme.SizeNameText), th.Size(theme.SizeNamePadding), th.Size(theme.SizeNameInlineIcon)}
	if key != s.key || s.size.IsZero() {
		s.key, s.size = key, r.BaseWidget.MinSize()
	}
	return s.size
}

func (r *row) buttons() []*kit.TipButton {
	return []*kit.TipButton{r.signIn, r.pause, r.resume, r.retry, r.open, r.folder, r.cancel, r.actions}
}

// CreateRenderer lays the row out in columns that fit the width.
func (r *row) CreateRenderer() fyne.WidgetRenderer {
	note(r.ui.env.probe.rowBuilt)
	r.bar.TextFormatter = func() string { return r.view.Size }
	actions := container.NewHBox(layout.NewSpacer())
	for _, b := range r.buttons() {
		actions.Add(b)
	}
	content := container.New(rowLayout,
		container.NewStack(container.NewCenter(r.icon), r.thumb), r.title, container.NewVBox(layout.NewSpacer(), r.bar, layout.NewSpacer()),
		r.status, actions)
	return widget.NewSimpleRenderer(container.NewStack(r.mark, content))
}

// set shows a view; it does nothing when the view has not changed.
func (r *row) set(v rowView) {
	kit.Visible(r.mark, r.ui.picked.has(v.ID))
	if v == r.view {
		return
	}
	old := r.view
	r.view = v
	if old.State != v.State || old.ID != v.ID || old.Path != v.Path || old.SignIn != v.SignIn {
		r.icon.SetResource(stateIcon(v.State))
		r.showButtons(v)
		r.showThumb(v)
	}
	r.title.SetText(v.name())
	if v.Progress < 0 {
		r.bar.Hide()
	} else {
		r.bar.SetValue(v.Progress)
		r.bar.Show()
	}
	r.status.SetText(v.Status)
	if r.retry.Disabled() {
		r.retry.Enable()
	}
}

// showThumb shows a saved picture's thumbnail in place of the state icon,
// once it is read from the file.
func (r *row) showThumb(v rowView) {
	r.thumb.Hide()
	r.icon.Show()
	if v.State != downloader.Done || !isPicture(v.Path) {
		return
	}
	path := v.Path
	show := func(img image.Image) {
		if r.view.Path != path || r.view.State != downloader.Done {
			return
		}
		r.thumb.Image = img
		r.thumb.Refresh()
		r.thumb.Show()
		r.icon.Hide()
	}
	if img, ok := r.ui.savedThumbs.get(path, show); ok {
		show(img)
	}
}

// showButtons shows the two actions that matter most in the item's state;
// the menu button next to them offers every action.
func (r *row) showButtons(v rowView) {
	st := v.State
	kit.Visible(r.pause, st == downloader.Queued || st == downloader.Active || st == downloader.Waiting)
	kit.Visible(r.resume, st == downloader.Paused)
	kit.Visible(r.cancel, !st.Final())
	kit.Visible(r.retry, v.canRetry())
	kit.Visible(r.signIn, v.SignIn)
	kit.Visible(r.open, st == downloader.Done && v.Path != "")
	kit.Visible(r.folder, (st == downloader.Done || st == downloader.Skipped) && v.Path != "")
}

// retryNow tries the download again and shows at once that it does.
func (r *row) retryNow() {
	if r.ui.m.Controls().Retry(r.view.ID) {
		r.status.SetText(lang.L("Trying again…"))
		kit.Enabled(r.retry, false)
	}
}

// showMenu pops the row's menu up under its menu button.
func (r *row) showMenu() {
	showMenuUnder(r.ui.win.Canvas(), r.menu(), r.actions)
}

// TappedSecondary opens the row's menu where the user right-clicked.
func (r *row) TappedSecondary(e *fyne.PointEvent) {
	kit.ShowMenu(r.ui.win.Canvas(), r.menu(), e.AbsolutePosition, fyne.Size{})
}

// menu lists the actions on the row's download that apply now; the others
// are left out, so the menu fits a window 600 pixels tall.
func (r *row) menu() *fyne.Menu {
	v, u := r.view, r.ui
	st := v.State
	if ids := u.picked.targets(v.ID); len(ids) > 1 {
		return fyne.NewMenu("", appliesNow(r.pickedMenu(ids), u.edits.menuItems(v, ids))...)
	}
	item := func(label string, icon fyne.Resource, on bool, action func()) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, action)
		it.Icon, it.Disabled = icon, !on
		return it
	}
	control := []*fyne.MenuItem{
		item(lang.L("Retry"), theme.ViewRefreshIcon(), v.canRetry(), r.retryNow),
		item(lang.L("Pause"), theme.MediaPauseIcon(), st == downloader.Queued || st == downloader.Active || st == downloader.Waiting, func() { u.m.Controls().Pause(v.ID) }),
		item(lang.L("Resume"), theme.MediaPlayIcon(), st == downloader.Paused, func() { u.m.Controls().Resume(v.ID) }),
		item(lang.L("Cancel"), theme.CancelIcon(), !st.Final(), func() { u.m.Controls().Cancel(v.ID) }),
		item(lang.L("Use cookies from my browser…"), theme.AccountIcon(), v.SignIn, func() { u.askSignIn(v.URL) }),
	}
	file := []*fyne.MenuItem{
		item(lang.L("Open file"), theme.FileImageIcon(), st == downloader.Done && v.Path != "", func() { u.openPath(v.Path) }),
		item(lang.L("Show in folder"), theme.FolderOpenIcon(), v.Path != "", func() { u.showInFolder(v.Path) }),
		item(lang.L("Copy link"), theme.ContentCopyIcon(), true, func() { u.app.Clipboard().SetContent(v.URL) }),
		item(lang.L("Open link in browser"), theme.ComputerIcon(), true, func() { u.openLink(v.URL) }),
		item(lang.L("Forget this link, to download it again"), theme.HistoryIcon(), (st == downloader.Done || st == downloader.Skipped) && !v.Forgotten,
			func() { u.archive.forgetRows(u, []downloader.ID{v.ID}) }),
	}
	return fyne.NewMenu("", appliesNow(control, file, u.edits.menuItems(v, []downloader.ID{v.ID}))...)
}

// appliesNow joins groups of menu entries with separators, leaving out the
// entries greyed out and the groups left empty.
func appliesNow(groups ...[]*fyne.MenuItem) []*fyne.MenuItem {
	var out []*fyne.MenuItem
	for _, g := range groups {
		var on []*fyne.MenuItem
		for _, it := range g {
			if !it.Disabled {
				on = append(on, it)
			}
		}
		if len(on) == 0 {
			continue
		}
		if len(out) > 0 {
			out = append(out, fyne.NewMenuItemSeparator())
		}
		out = append(out, on...)
	}
	return out
}

// openLink opens a link in the web browser.
func (u *UI) openLink(link string) {
	if l, err := url.Parse(link); err == nil {
		if err := u.env.open(l); err != nil {
			fyne.LogError("open link in browser", err)
		}
	}
}
