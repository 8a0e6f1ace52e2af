package picker

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/downloader/pages"
	"haul/gui/kit"
	"haul/gui/thumbnail"
	"haul/i18n"
)

// picker lets the user choose which of the pictures found on pages to
// download. The pictures each page is about come first, chosen; the rest
// follow, not chosen, behind a line that says what they are, each with
// why it was not chosen. Filters by type, least width and height and
// address narrow the list; they are remembered for the page's site.
type picker struct {
	host   Host
	src    Source
	picks  []*pick
	groups []*group
	rows   []listRow
	// shown are the picks on the list, in order.
	shown  []int
	filter pickFilter
	sites  siteFilters
	thumbs *thumbLoader
	sizes  *sizeReader
	tips   *hoverTips
	stop   context.CancelFunc
	// measuring is how many pictures' sizes are being read for the choice.
	measuring int

	dlg      *dialog.CustomDialog
	summary  *widget.Label
	kinds    [kindCount]*widget.Check
	minW     *widget.Select
	minH     *widget.Select
	contains *widget.Entry
	// keepUnknown offers to keep, while a size filter is on, the
	// pictures whose size could not be read.
	keepUnknown *widget.Check
	all         *widget.Button
	none        *widget.Button
	list        *widget.List
	add         *widget.Button
	cancel      *widget.Button
	// watch watches the page for new pictures; nil where there is no list.
	watch    *widget.Button
	done     bool
	onClosed func()
}

func newPicker(u Host, src Source) *picker {
	p := &picker{host: u, src: src, sites: siteFilters{u.Prefs}}
	p.filter = p.sites.load(src.Page)
	counts := [kindCount]int{}
	for _, img := range src.Images {
		pk := newPick(img)
		p.picks = append(p.picks, pk)
		counts[pk.kind]++
	}
	p.groups = groupPicks(p.picks)
	ctx, stop := context.WithCancel(u.Ctx)
	p.stop = stop
	p.thumbs = newThumbLoader(ctx, u.Do, u.Engine.Network().FetchKeep, u.Thumbs, p.thumbLoaded)
	p.sizes = newSizeReader(ctx, u.Do, u.Engine.Network().Fetch, p.sizeRead)

	p.summary = widget.NewLabel("")
	p.summary.Truncation = fyne.TextTruncateEllipsis
	kindRow := p.kindChecks(counts)
	p.minW = p.sideSelect(p.filter.minW, func(side int) { p.filter.minW = side })
	p.minH = p.sideSelect(p.filter.minH, func(side int) { p.filter.minH = side })
	p.contains = widget.NewEntry()
	p.contains.SetPlaceHolder(lang.L("part of the address"))
	p.contains.SetText(p.filter.contains)
	p.contains.OnChanged = func(s string) { p.filter.contains = s; p.filterChanged() }
	p.keepUnknown = widget.NewCheck("", func(on bool) { p.filter.keepUnknown = on; p.refilter() })
	p.keepUnknown.Hide()
	p.all = widget.NewButton(lang.L("Select all"), func() { p.selectAll(true) })
	p.none = widget.NewButton(lang.L("Select none"), func() { p.selectAll(false) })
	p.list = widget.NewList(
		func() int { return len(p.rows) },
		func() fyne.CanvasObject { return newPickRow(p) },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*pickRow).bind(p.rows[id]) },
	)
	p.add = widget.NewButton("", p.addChosen)
	p.add.Importance = widget.HighImportance
	p.cancel = widget.NewButton(lang.L("Cancel"), p.close)

	sizeRow := container.NewHBox(widget.NewLabel(lang.L("At least:")), p.minW, widget.NewLabel("×"), p.minH,
		widget.NewLabel(lang.L("pixels")))
	top := container.NewVBox(
		container.NewBorder(nil, nil, nil, container.NewHBox(p.all, p.none), p.summary),
		kindRow, // on a line of its own: beside the size, it would run under it on a small screen
		container.NewBorder(nil, nil, sizeRow, nil,
			container.NewBorder(nil, nil, widget.NewLabel(lang.L("Address contains:")), nil, p.contains)),
		p.keepUnknown,
	)
	p.tips = newHoverTips()
	content := container.NewBorder(top, p.tips.line, nil, nil, p.list)
	p.dlg = dialog.NewCustomWithoutButtons(p.title(), content, u.Win)
	buttons := []fyne.CanvasObject{p.cancel, p.add}
	if u.Watch != nil && src.Page != "" && pagesCount(src.Images) <= 1 {
		p.watch = widget.NewButton(lang.L("Watch this page"), func() { u.Watch(src.Page, src.Rendered) })
		buttons = []fyne.CanvasObject{p.cancel, p.watch, p.add}
	}
	p.dlg.SetButtons(buttons)
	p.dlg.SetOnClosed(p.dismissed)
	size := u.Win.Canvas().Size()
	p.dlg.Resize(fyne.NewSize(min(size.Width-40, 1100), min(size.Height-40, 720)))
	p.readSizes()
	p.refilter()
	p.measure(ctx)
	return p
}

// kindChecks are the type filter's check boxes, each with its count.
func (p *picker) kindChecks(counts [kindCount]int) fyne.CanvasObject {
	row := container.NewHBox(widget.NewLabel(lang.L("Show:")))
	for k := range kindCount {
		c := widget.NewCheck(kindFilterLabel(k, counts[k]), nil)
		c.Checked = !p.filter.hidden[k]
		c.OnChanged = func(on bool) { p.filter.hidden[k] = !on; p.filterChanged() }
		if counts[k] == 0 {
			c.Disable()
		}
		p.kinds[k] = c
		row.Add(c)
	}
	return row
}

// sideSelect is a choice of a least width or height, starting at side;
// set takes the side chosen.
func (p *picker) sideSelect(side int, set func(int)) *widget.Select {
	labels := make([]string, len(minSideChoices))
	for i, s := range minSideChoices {
		labels[i] = minSideLabel(s)
	}
	sel := widget.NewSelect(labels, nil)
	sel.PlaceHolder = minSideLabel(0) // short: the select is as wide as its longest text
	sel.SetSelected(minSideLabel(side))
	sel.OnChanged = func(string) {
		set(minSideChoices[max(sel.SelectedIndex(), 0)])
		p.readSizes()
		p.filterChanged()
	}
	return sel
}

// title names the dialog after the page, or says how many pages.
func (p *picker) title() string {
	if n := pagesCount(p.src.Images); n > 1 {
		return lang.XN("picker.title.pages", "Pictures on {{.N}} pages", n, kit.Data{"N": n})
	}
	return lang.X("picker.title", "Pictures on {{.Page}}", kit.Data{"Page": pageLabel(p.src.Page)})
}

// summaryText says what was found and is chosen: "48 pictures found on 3
// pages · 21 chosen · 1 page could not be read: …".
func (p *picker) summaryText() string {
	n := len(p.src.Images)
	found := lang.XN("picker.found", "{{.N}} pictures found", n, kit.Data{"N": humanize.Comma(int64(n))})
	if pc := pagesCount(p.src.Images); pc > 1 {
		found = lang.X("picker.found.pages", "{{.Found}} on {{.Pages}} pages", kit.Data{"Found": found, "Pages": pc})
	}
	_, chosen := p.chosenPictures()
	parts := []string{found, lang.XN("picker.pagechose", "{{.N}} chosen", chosen, kit.Data{"N": humanize.Comma(int64(chosen))})}
	if p.measuring > 0 {
		parts = append(parts, lang.XN("picker.measuring", "reading the size of {{.N}} pictures…", p.measuring, kit.Data{"N": p.measuring}))
	}
	if len(p.src.Problems) > 0 {
		first := p.src.Problems[0]
		parts = append(parts, lang.XN("picker.problems", "{{.N}} pages could not be read: {{.Message}}", len(p.src.Problems),
			kit.Data{"N": len(p.src.Problems), "Message": i18n.PageProblem(kit.Tr, first)}))
	}
	return strings.Join(parts, " · ")
}

// filterChanged filters again and remembers the filter for the site.
func (p *picker) filterChanged() {
	p.sites.save(p.src.Page, p.filter)
	p.refilter()
}

// refilter works out which lines are shown and redraws the list.
func (p *picker) refilter() {
	p.layoutRows()
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
	kit.Visible(p.keepUnknown, p.filter.sized() && n > 0)
}

// count updates the summary and the Add button with the pictures chosen.
func (p *picker) count() {
	_, n := p.chosenPictures()
	p.summary.SetText(p.summaryText())
	p.add.SetText(lang.XN("picker.add", "Add {{.N}} pictures", n, kit.Data{"N": humanize.Comma(int64(n))}))
	kit.Enabled(p.add, n > 0)
}

// selectAll chooses or unchooses every picture the list shows.
func (p *picker) selectAll(on bool) {
	for _, i := range p.shown {
		pk := p.picks[i]
		pk.chosen, pk.touched = on, true
	}
	p.list.Refresh()
	p.count()
}

// chosenPictures returns the chosen pictures the filter lets through,
// grouped by the page they were found on, and how many there are.
func (p *picker) chosenPictures() (map[string][]pages.Image, int) {
	byPage := map[string][]pages.Image{}
	n := 0
	for _, pk := range p.picks {
		if pk.chosen && p.filter.shows(pk) {
			byPage[pk.img.Page] = append(byPage[pk.img.Page], pk.img)
			n++
		}
	}
	return byPage, n
}

// addChosen queues the chosen pictures, each with the page it was found
// on as Referer, page by page in the order found; the settings may put each
// page's pictures in its own folder and name them by a template. A chosen
// picture that failed before is tried again, with the page as Referer.
// Pictures the user asked to save from the browser start downloading.
func (p *picker) addChosen() {
	byPage, _ := p.chosenPictures()
	var ids []downloader.ID
	var rejected []downloader.Rejected
	revived := 0
	for _, g := range p.groups {
		images, ok := byPage[g.page]
		if !ok {
			continue
		}
		added, refused := p.host.Engine.Intake().AddPageImages(downloader.Page{URL: g.page, Title: g.title}, images)
		ids, rejected = append(ids, added...), append(rejected, refused...)
		revived += p.host.Engine.Controls().Revive(g.page, duplicates(refused)...)
	}
	p.host.Added(ids, rejected, revived)
	if p.src.Start && p.host.Start != nil && len(ids)+revived > 0 {
		p.host.Start()
	}
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
