package picker

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
	"haul/gui/kit"
	"haul/gui/thumbnail"
	"haul/i18n"
)

// picker lets the user choose which of the pictures found on a page to
// download: it shows each one's name, type, size, page and thumbnail, and
// filters by type and size.
type picker struct {
	host   Host
	src    Source
	picks  []*pick
	shown  []int
	filter pickFilter
	thumbs *thumbLoader
	sizes  *sizeReader
	stop   context.CancelFunc

	dlg     *dialog.CustomDialog
	summary *widget.Label
	kinds   [kindCount]*widget.Check
	minSize *widget.Select
	// keepUnknown offers to keep, while the size filter is on, the
	// pictures whose size could not be read.
	keepUnknown *widget.Check
	all         *widget.Button
	none        *widget.Button
	chosen      *widget.Label
	list        *widget.List
	add         *widget.Button
	cancel      *widget.Button
	// watch watches the page for new pictures; nil where there is no list.
	watch    *widget.Button
	done     bool
	onClosed func()
}

func newPicker(u Host, src Source) *picker {
	p := &picker{host: u, src: src}
	p.filter.minSide = u.Prefs.IntWithFallback(prefMinSize, 0)
	counts := [kindCount]int{}
	for _, img := range src.Images {
		pk := newPick(img)
		p.picks = append(p.picks, pk)
		counts[pk.kind]++
	}
	ctx, stop := context.WithCancel(u.Ctx)
	p.stop = stop
	p.thumbs = newThumbLoader(ctx, u.Do, u.Engine.Network().FetchKeep, u.Thumbs, p.thumbLoaded)
	p.sizes = newSizeReader(ctx, u.Do, u.Engine.Network().Fetch, p.sizeRead)

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
		u.Prefs.SetInt(prefMinSize, p.filter.minSide)
		p.readSizes()
		p.refilter()
	}
	p.keepUnknown = widget.NewCheck("", func(on bool) { p.filter.keepUnknown = on; p.refilter() })
	p.keepUnknown.Hide()
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
		p.keepUnknown,
		container.NewHBox(p.all, p.none, layout.NewSpacer(), p.chosen),
	)
	content := container.NewBorder(top, nil, nil, nil, p.list)
	p.dlg = dialog.NewCustomWithoutButtons(lang.X("picker.title", "Pictures on {{.Page}}", kit.Data{"Page": pageLabel(src.Page)}), content, u.Win)
	buttons := []fyne.CanvasObject{p.cancel, p.add}
	if u.Watch != nil && src.Page != "" {
		p.watch = widget.NewButton(lang.L("Watch this page"), func() { u.Watch(src.Page, src.Rendered) })
		buttons = []fyne.CanvasObject{p.cancel, p.watch, p.add}
	}
	p.dlg.SetButtons(buttons)
	p.dlg.SetOnClosed(p.dismissed)
	size := u.Win.Canvas().Size()
	p.dlg.Resize(fyne.NewSize(min(size.Width-40, 1100), min(size.Height-40, 720)))
	p.readSizes()
	p.refilter()
	return p
}

// summaryText says what was found: "48 pictures found on 3 pages · 1 page
// could not be read: …".
func (p *picker) summaryText() string {
	n := len(p.src.Images)
	parts := []string{lang.XN("picker.found", "{{.N}} pictures found", n, kit.Data{"N": humanize.Comma(int64(n))})}
	if pc := pagesCount(p.src.Images); pc > 1 {
		parts[0] = lang.X("picker.found.pages", "{{.Found}} on {{.Pages}} pages", kit.Data{"Found": parts[0], "Pages": pc})
	}
	if len(p.src.Problems) > 0 {
		first := p.src.Problems[0]
		parts = append(parts, lang.XN("picker.problems", "{{.N}} pages could not be read: {{.Message}}", len(p.src.Problems),
			kit.Data{"N": len(p.src.Problems), "Message": i18n.PageProblem(kit.Tr, first)}))
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
	p.showUnknown()
	p.count()
}

// showUnknown offers to keep the pictures whose size could not be read,
// saying how many, while the size filter is on and there are some.
func (p *picker) showUnknown() {
	n := 0
	for _, pk := range p.picks {
		if pk.size == sizeUnreadable && !p.filter.hidden[pk.kind] {
			n++
		}
	}
	p.keepUnknown.Text = lang.XN("picker.unknown", "Keep the {{.N}} pictures whose size could not be read", n, kit.Data{"N": n})
	p.keepUnknown.Refresh()
	kit.Visible(p.keepUnknown, p.filter.minSide > 0 && n > 0)
}

// count updates the "N of M shown are chosen" line and the Add button.
func (p *picker) count() {
	_, n := p.chosenLinks()
	p.chosen.SetText(lang.X("picker.chosen", "{{.N}} of {{.Shown}} shown are chosen", kit.Data{"N": n, "Shown": len(p.shown)}))
	p.add.SetText(lang.XN("picker.add", "Add {{.N}} pictures", n, kit.Data{"N": humanize.Comma(int64(n))}))
	kit.Enabled(p.add, n > 0)
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
// page's pictures in its own folder and name them by a template. A chosen
// picture that failed before is tried again, with the page as Referer.
func (p *picker) addChosen() {
	byPage, _ := p.chosenLinks()
	var ids []downloader.ID
	var rejected []downloader.Rejected
	revived := 0
	for _, pk := range p.picks {
		links, ok := byPage[pk.img.Page]
		if !ok {
			continue
		}
		delete(byPage, pk.img.Page)
		added, refused := p.host.Engine.Intake().AddPagePictures(downloader.Page{URL: pk.img.Page, Title: pk.img.PageTitle}, links...)
		ids, rejected = append(ids, added...), append(rejected, refused...)
		revived += p.host.Engine.Controls().Revive(pk.img.Page, duplicates(refused)...)
	}
	p.host.Added(ids, rejected, revived)
	p.close()
}

// duplicates are the links refused as already in the list.
func duplicates(refused []downloader.Rejected) []string {
	var out []string
	for _, r := range refused {
		if r.Duplicate {
			out = append(out, r.URL)
		}
	}
	return out
}

// thumbLoaded shows a thumbnail that has arrived, and the picture's real
// size, which may now leave it out.
func (p *picker) thumbLoaded(url string, t thumbnail.Thumb) {
	if p.done {
		return
	}
	for _, pk := range p.picks {
		switch {
		case pk.img.URL != url:
		case t.W > 0 && t.H > 0:
			pk.w, pk.h, pk.size = t.W, t.H, sizeKnown
		case pk.size == sizeNotRead:
			pk.size = sizeUnreadable
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
