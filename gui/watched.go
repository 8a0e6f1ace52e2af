package gui

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/downloader/pages"
	"haul/downloader/render"
	"haul/downloader/watch"
	"haul/gui/kit"
	"haul/gui/picker"
	"haul/i18n"
)

// watched is the window's side of the watched pages (package watch): it
// checks them when the window opens and every few hours, each in a
// download list of its own into the page's folder, with the folder's
// archive, and sends a notification when a check saved new pictures. The
// list is the one haul watch keeps.
type watched struct {
	u       *UI
	list    *watch.List
	watcher *watch.Watcher
	// browser reads the pages that draw their pictures with scripts.
	browser downloader.PageRenderer
	// rows is the Watched tab's list of pages, rebuilt when shown.
	rows *fyne.Container
	// received is how many bytes the checks received, for the data cap.
	received atomic.Int64
}

// receivedBytes is how many bytes the checks received since the window
// opened; none without watched pages.
func (w *watched) receivedBytes() int64 {
	if w == nil {
		return 0
	}
	return w.received.Load()
}

// newWatched keeps the watched pages of the list at path; "" is none.
// browser reads the pages that need one.
func newWatched(u *UI, path string, clock watch.Clock, browser downloader.PageRenderer) *watched {
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
// folder's archive does not hold, with the window's limits, proxy, site
// rules and cookies.
func (w *watched) check(ctx context.Context, p watch.Page) watch.Result {
	opts := downloader.Options{Limits: w.u.m.Limits(), Dir: p.Dir, Archive: w.u.archive,
		Proxy: w.u.network.Proxy(), Sites: w.u.network.Sites(), Jar: w.u.jar}
	if w.u.env.options != nil {
		w.u.env.options(&opts)
	}
	m := downloader.New(opts)
	images, err := w.findPictures(ctx, m, p)
	if err != nil {
		return watch.Result{Problem: i18n.ErrorText(kit.Tr, err)}
	}
	notAdded := 0
	pages.Measure(ctx, images, m.Network().FetchKeep)
	for _, img := range images {
		if img.Chosen() {
			_, rejected := m.Intake().AddPageImages(downloader.Page{URL: img.Page, Title: img.PageTitle}, []pages.Image{img})
			notAdded += downloader.ListFull(rejected)
		}
	}
	if err := m.Start(ctx); err != nil {
		return watch.Result{Problem: i18n.ErrorText(kit.Tr, err)}
	}
	s := m.Wait()
	m.Stop()
	w.received.Add(m.Summary().Received)
	return watch.Result{New: s.Done, Failed: s.Failed, NotAdded: notAdded}
}

// findPictures reads the page for its pictures: with the browser when its
// entry says so or when Find pictures last found its site's pictures with
// the browser, as Find pictures reads it, with the page's sign-in and site
// rules. Without a browser, when the browser fails, or when the page
// outlasts its time with no picture found, it is read without one.
func (w *watched) findPictures(ctx context.Context, m *downloader.Manager, p watch.Page) ([]pages.Image, error) {
	if p.Render || picker.NeedsBrowser(w.u.prefs, p.URL) {
		images, err := m.Network().RenderImages(ctx, p.URL, w.renderer())
		switch {
		case errors.Is(err, render.ErrPageTimeout) && len(images) > 0:
			return images, nil
		case ctx.Err() != nil, err == nil:
			return images, err
		}
	}
	images, _, err := m.Network().FindImages(ctx, p.URL, 1)
	return images, err
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

// checked tells the user of new pictures and shows the check in the tab,
// on the UI thread.
func (w *watched) checked(p watch.Page, r watch.Result) {
	w.u.do(func() {
		if r.New > 0 {
			text := lang.XN("watch.new", "{{.N}} new pictures from {{.Page}}", r.New, kit.Data{"N": r.New, "Page": p.URL})
			w.u.app.SendNotification(fyne.NewNotification(appName(w.u.app.Metadata()), text))
		}
		w.refresh()
	})
}

// add watches the page, its new pictures saved into the window's folder;
// rendered says its pictures were found with the browser, which its
// checks then use too.
func (w *watched) add(page string, rendered bool) {
	p := watch.Page{URL: page, Dir: w.u.m.Dir(), Every: watch.DefaultEvery, Render: rendered}
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
	if p.Problem != "" || p.NotAdded > 0 {
		info.Importance = widget.WarningImportance
	}
	remove := widget.NewButton(lang.L("Stop watching"), func() {
		w.list.Remove(p.URL)
		w.watcher.Changed()
		w.refresh()
	})
	every := widget.NewSelect(everyLabels(), nil)
	every.SetSelected(everyLabel(p.Every))
	every.OnChanged = func(string) {
		p.Every = time.Duration(everyChoices[every.SelectedIndex()]) * time.Hour
		w.list.Add(p)
		w.watcher.Changed()
	}
	return container.NewBorder(nil, nil, nil, container.NewHBox(every, remove), container.NewVBox(title, info))
}

// everyChoices are the hours between checks offered.
var everyChoices = []int{1, 3, 6, 12, 24}

// everyLabel names hours between checks: "every 6 h".
func everyLabel(d time.Duration) string {
	n := int(d.Hours())
	return lang.XN("watch.every", "every {{.N}} h", n, kit.Data{"N": n})
}

// everyLabels names every choice of hours, in order.
func everyLabels() []string {
	out := make([]string, len(everyChoices))
	for i, n := range everyChoices {
		out[i] = everyLabel(time.Duration(n) * time.Hour)
	}
	return out
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
// found, and how many new pictures a full list left out.
func lastCheckText(p watch.Page) string {
	text := checkText(p)
	if p.NotAdded > 0 {
		text += " · " + i18n.WatchNotAdded(kit.Tr, p.NotAdded)
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
