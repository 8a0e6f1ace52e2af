package gui

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/downloader/clock"
	"haul/downloader/pages"
	"haul/downloader/render"
	"haul/downloader/watch"
	"haul/gui/kit"
	"haul/gui/picker"
	"haul/i18n"
)

// watched is the window's side of the watched pages (package watch): it
// checks them when the window opens and every few hours, through the
// window's own engine (an intake of its own per check, into the page's
// folder, with the folder's archive), so that the limits, each site's
// learned pace and files a day, and At once are the window's; the
// pictures the window's list holds are left to the list, which takes a
// link once. When a check saved new pictures the window says so over the
// list, with a button that opens their folder, and a notification says it
// too. A page starts being watched from what it shows then: those pictures
// are the user's to choose in the picker, which saves them in the window's
// list, and the checks save the ones that appear after. The list is the
// one haul watch keeps.
type watched struct {
	u       *UI
	list    *watch.List
	watcher *watch.Watcher
	// browser reads the pages that draw their pictures with scripts.
	browser downloader.PageRenderer
	// rows is the Watched tab's list of pages, rebuilt when shown.
	rows *fyne.Container
}

// newWatched keeps the watched pages of the list at path; "" is none.
// browser reads the pages that need one.
func newWatched(u *UI, path string, clock clock.Clock, browser downloader.PageRenderer) *watched {
	if path == "" {
		return nil
	}
	w := &watched{u: u, list: watch.Open(path), rows: container.NewVBox(), browser: browser}
	w.watcher = watch.NewWatcher(w.list, clock, w.check)
	w.watcher.Checked = w.checked
	return w
}

// start checks the pages until ctx ends.
func (w *watched) start(ctx context.Context) {
	if w != nil {
		go w.watcher.Run(ctx)
	}
}

// check reads the page and saves the pictures it is about that its
// folder's archive does not hold, through the window's engine: with its
// limits, proxy, site rules and cookies, and sharing each site's pace and
// files a day with the window's batch; a folder whose archive cannot be
// read gets nothing, and the check says so.
func (w *watched) check(ctx context.Context, p watch.Page) watch.Result {
	if err := w.u.archive.checkFolder(p.Dir); err != nil {
		return watch.Result{Problem: i18n.ArchiveProblem(kit.Tr, p.Dir, err)}
	}
	m := w.u.m
	images, problems, err := w.findPictures(ctx, m, p)
	if err != nil {
		return watch.Result{Problem: i18n.ErrorText(kit.Tr, err)}
	}
	in := m.NewIntake(p.Dir)
	notAdded := 0
	pages.Measure(ctx, images, m.Network().FetchKeep)
	for _, img := range images {
		if img.Chosen() {
			_, rejected := in.AddPageImages(downloader.Page{URL: img.Page, Title: img.PageTitle}, []pages.Image{img})
			notAdded += downloader.ListFull(rejected)
		}
	}
	s, err := m.RunIntake(ctx, in)
	if err != nil {
		return watch.Result{Problem: i18n.ErrorText(kit.Tr, err)}
	}
	cut := slices.ContainsFunc(problems, func(pr pages.Problem) bool { return pr.Kind == pages.ProblemCut })
	return watch.Result{New: s.Done, Failed: s.Failed, NotAdded: notAdded, Cut: cut}
}

// findPictures reads the page for its pictures: with the browser when its
// entry says so or when Find pictures last found its site's pictures with
// the browser, as Find pictures reads it, with the page's sign-in and site
// rules. Without a browser, when the browser fails, or when the page
// outlasts its time with no picture found, it is read without one. The
// problems say whether the page was cut.
func (w *watched) findPictures(ctx context.Context, m *downloader.Manager, p watch.Page) ([]pages.Image, []pages.Problem, error) {
	if p.Render || picker.NeedsBrowser(w.u.prefs, p.URL) {
		images, err := m.Network().RenderImages(ctx, p.URL, w.renderer())
		switch {
		case errors.Is(err, render.ErrPageTimeout) && len(images) > 0:
			return images, nil, nil
		case ctx.Err() != nil, err == nil:
			return images, nil, err
		}
	}
	return m.Network().FindImages(ctx, p.URL, 1)
}

// renderer is the browser that reads the watched pages, given the page
// time limit chosen under More… unless it brings one of its own.
func (w *watched) renderer() downloader.PageRenderer {
	if o, ok := w.browser.(render.Options); ok && o.PageTimeout == 0 {
		o.PageTimeout = picker.PageTimeout(w.u.prefs)
		return o
	}
	return w.browser
}

// checked tells the user of new pictures, in the window and in a
// notification, and shows the check in the tab, on the UI thread.
func (w *watched) checked(p watch.Page, r watch.Result) {
	w.u.do(func() {
		if r.New > 0 {
			text := lang.XN("watch.new", "{{.N}} new pictures from {{.Page}}", r.New, kit.Data{"N": r.New, "Page": p.URL})
			w.u.app.SendNotification(fyne.NewNotification(appName(w.u.app.Metadata()), text))
			saved := lang.XN("watch.saved", "{{.N}} new pictures from {{.Page}}, saved into {{.Folder}}", r.New,
				kit.Data{"N": r.New, "Page": pageName(p.URL), "Folder": p.Dir})
			w.u.intake.setWithAction(saved, lang.L("Open folder"), theme.FolderOpenIcon(), func() { w.u.openURL(p.Dir) })
		}
		w.refresh()
	})
}

// add watches the page, its new pictures saved into the window's folder;
// rendered says its pictures were found with the browser, which its
// checks then use too. It counts as checked now: what it shows now is
// chosen in the picker.
func (w *watched) add(page string, rendered bool) {
	p := watch.Page{URL: page, Dir: w.u.m.Dir(), Every: watch.DefaultEvery, Render: rendered, Checked: w.watcher.Clock.Now()}
	msg := lang.X("watch.added", "Watching {{.Page}}: its new pictures are saved into {{.Folder}}", kit.Data{"Page": page, "Folder": p.Dir})
	if _, err := w.list.Add(p); err != nil {
		msg = err.Error()
	}
	w.watcher.Changed()
	w.u.intake.set(msg, nil)
	w.refresh()
}

// tab is the Watched tab: each page with its last check.
func (w *watched) tab() fyne.CanvasObject {
	w.refresh()
	return container.NewVScroll(w.rows)
}

// refresh rebuilds the tab's rows from the list.
func (w *watched) refresh() {
	pages, err := w.list.Pages()
	w.rows.RemoveAll()
	if err != nil {
		w.rows.Add(widget.NewLabel(err.Error()))
	}
	if len(pages) == 0 {
		hint := widget.NewLabel(lang.L("No page is watched. Find pictures on a page, then choose Watch this page."))
		hint.Wrapping = fyne.TextWrapWord
		w.rows.Add(hint)
	}
	for _, p := range pages {
		w.rows.Add(w.row(p))
	}
	w.rows.Refresh()
}

// row shows one watched page: its address, folder and last check, and a
// button that stops watching it.
func (w *watched) row(p watch.Page) fyne.CanvasObject {
	title := widget.NewLabel(pageName(p.URL))
	title.Truncation = fyne.TextTruncateEllipsis
	info := widget.NewLabel(lastCheckText(p))
	info.Importance = widget.LowImportance
	info.Truncation = fyne.TextTruncateEllipsis
	if p.Problem != "" || p.NotAdded > 0 || p.Cut {
		info.Importance = widget.WarningImportance
	}
	remove := widget.NewButton(lang.L("Stop watching"), func() {
		w.list.Remove(p.URL)
		w.watcher.Changed()
		w.refresh()
	})
	choices := everyOffered(p.Every)
	labels := make([]string, len(choices))
	for i, d := range choices {
		labels[i] = everyLabel(d)
	}
	every := newEscSelect(labels, w.u.escape)
	every.SetSelected(everyLabel(p.Every))
	every.OnChanged = func(string) {
		p.Every = choices[every.SelectedIndex()]
		w.list.Add(p)
		w.watcher.Changed()
	}
	return container.NewBorder(nil, nil, nil, container.NewHBox(every, remove), container.NewVBox(title, info))
}

// everyChoices are the hours between checks offered.
var everyChoices = []int{1, 3, 6, 12, 24}

// everyOffered are the times between checks a page's row offers: the
// choices, with the page's own first when it is none of them (haul watch
// takes any time from a quarter of an hour).
func everyOffered(current time.Duration) []time.Duration {
	var out []time.Duration
	for _, n := range everyChoices {
		out = append(out, time.Duration(n)*time.Hour)
	}
	if !slices.Contains(out, current) {
		out = append([]time.Duration{current}, out...)
	}
	return out
}

// everyLabel names the time between checks: "every 6 h", or "every 15
// min" for a page haul watch set to less than an hour.
func everyLabel(d time.Duration) string {
	if d < time.Hour {
		n := int(d.Minutes())
		return lang.XN("watch.every.minutes", "every {{.N}} min", n, kit.Data{"N": n})
	}
	n := int(d.Hours())
	return lang.XN("watch.every", "every {{.N}} h", n, kit.Data{"N": n})
}

// pageName is a page's address without its scheme, for a row.
func pageName(page string) string {
	u, err := url.Parse(page)
	if err != nil {
		return page
	}
	return u.Host + u.RequestURI()
}

// lastCheckText says where the page's pictures go and what its last check
// found, how many new pictures a full list left out, and whether the page
// was too long to read whole.
func lastCheckText(p watch.Page) string {
	text := checkText(p)
	if p.NotAdded > 0 {
		text += " · " + i18n.WatchNotAdded(kit.Tr, p.NotAdded)
	}
	if p.Cut && p.Problem == "" {
		text += " · " + i18n.PageProblem(kit.Tr, pages.Problem{Kind: pages.ProblemCut})
	}
	return text
}

// checkText says where the page's pictures go and what its last check found.
func checkText(p watch.Page) string {
	d := kit.Data{"Folder": p.Dir, "When": p.Checked.Local().Format("2006-01-02 15:04"), "N": p.New, "Problem": p.Problem,
		"Hours": fmt.Sprint(p.Every.Hours())}
	switch {
	case p.Checked.IsZero():
		return lang.X("watch.row.never", "Into {{.Folder}}, every {{.Hours}} h · not checked yet", d)
	case p.Problem != "":
		return lang.X("watch.row.problem", "Into {{.Folder}} · checked {{.When}}: {{.Problem}}", d)
	}
	return lang.XN("watch.row.checked", "Into {{.Folder}} · checked {{.When}}: {{.N}} new", p.New, d)
}
