package gui

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/downloader/pages"
	"haul/i18n"
)

// pickerSource is what the picker is opened on: the pictures found on a
// page (and the pages after it), with the pages that could not be read.
type pickerSource struct {
	page     string
	images   []pages.Image
	problems []pages.Problem
}

// picker lets the user choose which of the pictures found on a page to
// download: it shows each one's name, type, size, page and thumbnail, and
// filters by type and size.
type picker struct {
	ui     *UI
	src    pickerSource
	picks  []*pick
	shown  []int
	filter pickFilter
	thumbs *thumbLoader
	stop   context.CancelFunc

	dlg      *dialog.CustomDialog
	summary  *widget.Label
	kinds    [kindCount]*widget.Check
	minSize  *widget.Select
	all      *widget.Button
	none     *widget.Button
	chosen   *widget.Label
	list     *widget.List
	add      *widget.Button
	cancel   *widget.Button
	done     bool
	onClosed func()
}

// showPicker opens the picker on pictures found on a page. When one is
// already open, it opens after that one is closed.
func (u *UI) showPicker(src pickerSource) {
	if u.picker != nil {
		u.waitingPickers = append(u.waitingPickers, src)
		return
	}
	u.picker = newPicker(u, src)
	u.picker.onClosed = func() {
		u.picker = nil
		if len(u.waitingPickers) > 0 {
			next := u.waitingPickers[0]
			u.waitingPickers = u.waitingPickers[1:]
			u.showPicker(next)
		}
	}
	u.showDialog(u.picker.dlg)
}

func newPicker(u *UI, src pickerSource) *picker {
	p := &picker{ui: u, src: src}
	p.filter.minSide = u.prefs.IntWithFallback(prefMinSize, 0)
	counts := [kindCount]int{}
	for _, img := range src.images {
		pk := newPick(img)
		p.picks = append(p.picks, pk)
		counts[pk.kind]++
	}
	ctx, stop := context.WithCancel(u.ctx)
	p.stop = stop
	p.thumbs = newThumbLoader(ctx, u.do, u.m.FetchKeep, p.thumbLoaded)

	p.summary = widget.NewLabel(p.summaryText())
	p.summary.Truncation = fyne.TextTruncateEllipsis
	kindRow := container.NewHBox(widget.NewLabel(lang.L("Show:")))
	for k := range kindCount {
		c := widget.NewCheck(kindFilterLabel(k, counts[k]), func(on bool) { p.filter.hidden[k] = !on; p.refilter() })
		c.Checked = true
		if counts[k] == 0 {
			c.Disable()
		}
		p.kinds[k] = c
		kindRow.Add(c)
	}
	sizes := make([]string, len(minSizeChoices))
	for i, side := range minSizeChoices {
		sizes[i] = minSizeLabel(side)
	}
	p.minSize = widget.NewSelect(sizes, nil)
	p.minSize.SetSelected(minSizeLabel(p.filter.minSide))
	p.minSize.OnChanged = func(string) {
		p.filter.minSide = minSizeChoices[p.minSize.SelectedIndex()]
		u.prefs.SetInt(prefMinSize, p.filter.minSide)
		p.refilter()
	}
	p.all = widget.NewButton(lang.L("Select all"), func() { p.selectAll(true) })
	p.none = widget.NewButton(lang.L("Select none"), func() { p.selectAll(false) })
	p.chosen = widget.NewLabel("")
	p.list = widget.NewList(
		func() int { return len(p.shown) },
		func() fyne.CanvasObject { return newPickRow(p) },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*pickRow).bind(p.picks[p.shown[id]]) },
	)
	p.add = widget.NewButton("", p.addChosen)
	p.add.Importance = widget.HighImportance
	p.cancel = widget.NewButton(lang.L("Cancel"), p.close)

	top := container.NewVBox(
		p.summary,
		kindRow, // on a line of its own: beside the size, it would run under it on a small screen
		container.NewHBox(widget.NewLabel(lang.L("Leave out pictures smaller than:")), p.minSize),
		container.NewHBox(p.all, p.none, layout.NewSpacer(), p.chosen),
	)
	content := container.NewBorder(top, nil, nil, nil, p.list)
	p.dlg = dialog.NewCustomWithoutButtons(lang.X("picker.title", "Pictures on {{.Page}}", data{"Page": pageLabel(src.page)}), content, u.win)
	p.dlg.SetButtons([]fyne.CanvasObject{p.cancel, p.add})
	p.dlg.SetOnClosed(p.dismissed)
	size := u.win.Canvas().Size()
	p.dlg.Resize(fyne.NewSize(min(size.Width-40, 1100), min(size.Height-40, 720)))
	p.refilter()
	return p
}

// summaryText says what was found: "48 pictures found on 3 pages · 1 page
// could not be read: …".
func (p *picker) summaryText() string {
	n := len(p.src.images)
	parts := []string{lang.XN("picker.found", "{{.N}} pictures found", n, data{"N": humanize.Comma(int64(n))})}
	if pc := pagesCount(p.src.images); pc > 1 {
		parts[0] = lang.X("picker.found.pages", "{{.Found}} on {{.Pages}} pages", data{"Found": parts[0], "Pages": pc})
	}
	if len(p.src.problems) > 0 {
		first := p.src.problems[0]
		parts = append(parts, lang.XN("picker.problems", "{{.N}} pages could not be read: {{.Message}}", len(p.src.problems),
			data{"N": len(p.src.problems), "Message": i18n.PageProblem(tr, first)}))
	}
	return strings.Join(parts, " · ")
}

// refilter works out which pictures are shown and redraws the list.
func (p *picker) refilter() {
	p.shown = p.shown[:0]
	for i, pk := range p.picks {
		if p.filter.shows(pk) {
			p.shown = append(p.shown, i)
		}
	}
	p.list.Refresh()
	p.count()
}

// count updates the "N of M shown are chosen" line and the Add button.
func (p *picker) count() {
	_, n := p.chosenLinks()
	p.chosen.SetText(lang.X("picker.chosen", "{{.N}} of {{.Shown}} shown are chosen", data{"N": n, "Shown": len(p.shown)}))
	p.add.SetText(lang.XN("picker.add", "Add {{.N}} pictures", n, data{"N": humanize.Comma(int64(n))}))
	enabled(p.add, n > 0)
}

// selectAll chooses or unchooses every picture.
func (p *picker) selectAll(on bool) {
	for _, pk := range p.picks {
		pk.chosen = on
	}
	p.list.Refresh()
	p.count()
}

// chosenLinks returns the chosen pictures that are shown, grouped by the
// page they were found on, and how many there are.
func (p *picker) chosenLinks() (map[string][]string, int) {
	byPage := map[string][]string{}
	n := 0
	for _, i := range p.shown {
		if pk := p.picks[i]; pk.chosen {
			byPage[pk.img.Page] = append(byPage[pk.img.Page], pk.img.URL)
			n++
		}
	}
	return byPage, n
}

// addChosen queues the chosen pictures, each with the page it was found
// on as Referer, page by page in the order found; the settings may put each
// page's pictures in its own folder and name them by a template.
func (p *picker) addChosen() {
	byPage, _ := p.chosenLinks()
	var r intakeResult
	for _, pk := range p.picks {
		links, ok := byPage[pk.img.Page]
		if !ok {
			continue
		}
		delete(byPage, pk.img.Page)
		r.count(p.ui.m.AddPagePictures(downloader.Page{URL: pk.img.Page, Title: pk.img.PageTitle}, links...))
	}
	p.ui.intake.set(r.message(), r.problems)
	p.close()
}

// thumbLoaded shows a thumbnail that has arrived, and the picture's real
// size, which may now leave it out.
func (p *picker) thumbLoaded(url string, t *thumb) {
	if p.done {
		return
	}
	for _, pk := range p.picks {
		if pk.img.URL == url && t.img != nil {
			pk.w, pk.h = t.w, t.h
		}
	}
	p.refilter()
}

// close closes the picker without adding anything more.
func (p *picker) close() {
	p.dlg.Hide()
}

// dismissed stops the thumbnails and lets the next picker open.
func (p *picker) dismissed() {
	if p.done {
		return
	}
	p.done = true
	p.stop()
	if p.onClosed != nil {
		p.onClosed()
	}
}
