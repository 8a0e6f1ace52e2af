package gui

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/downloader/clock/clocktest"
	"haul/downloader/downloadtest"
	"haul/downloader/pages"
	"haul/downloader/render"
	"haul/downloader/watch"
	"haul/gui/guitest"
	"haul/gui/settings"
)

// TestWatchedPagesAreCheckedWhenTheWindowOpens: a page on the watched
// list is checked when the window opens, its pictures saved into its
// folder; the Watched tab says what the check found and sets how often a
// page is checked; a page watched from the window joins the list, in the
// window's folder.
func TestWatchedPagesAreCheckedWhenTheWindowOpens(t *testing.T) {
	h := newHarness(t, nil)
	var html strings.Builder
	for i := range 3 {
		fmt.Fprintf(&html, `<a href="/w/p%d.png">%d</a>`, i, i)
	}
	names := []string{"p0.png", "p1.png", "p2.png"}
	h.serve(names, fileBody)
	for _, name := range names {
		h.srv.Handle("/w/"+name, fileBody(name))
	}
	folder, list := h.watchFirstRound(html.String())
	if got := len(guitest.ReadFiles(t, folder)); got != 3 {
		t.Errorf("the watched page's folder holds %d files, want 3", got)
	}
	pages, _ := list.Pages()
	if len(pages) != 1 || pages[0].New != 3 {
		t.Fatalf("the list says %+v", pages)
	}
	h.pump("the Watched tab to show the check", func() bool {
		h.ui.watched.tab()
		return strings.Contains(watchedText(h.ui.watched), "3 new")
	})
	h.ui.watched.add(h.srv.URL("/other"), false)
	pages, _ = list.Pages()
	if len(pages) != 2 || pages[1].Dir != h.dir {
		t.Errorf("after Watch this page the list is %+v", pages)
	}
	var every *widget.Select
	guitest.Walk(h.ui.watched.row(pages[0]), func(o fyne.CanvasObject) {
		if s, ok := o.(*escSelect); ok {
			every = &s.Select
		}
	})
	every.SetSelected("every 24 h")
	if pages, _ = list.Pages(); pages[0].Every != 24*time.Hour || pages[0].New != 3 {
		t.Errorf("after choosing every 24 h the page is %+v", pages[0])
	}
}

// watchedText is the text of the Watched tab's rows.
func watchedText(w *watched) string {
	var b strings.Builder
	guitest.Walk(w.rows, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok {
			b.WriteString(l.Text + "\n")
		}
	})
	return b.String()
}

// fakeBrowser is a browser for watched pages that records what it is
// given and shows, on each page, the pictures its scripts would draw.
type fakeBrowser struct {
	mu      sync.Mutex
	read    []string
	header  http.Header
	cookies []*http.Cookie
	drawn   map[string][]string
}

func (b *fakeBrowser) RenderPage(_ context.Context, page string, header http.Header, cookies []*http.Cookie, _ string) ([]pages.Image, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.read = append(b.read, page)
	b.header, b.cookies = header, cookies
	var images []pages.Image
	for _, link := range b.drawn[page] {
		images = append(images, pages.Image{URL: link, Page: page})
	}
	return images, nil
}

// seen is the pages read so far, the last one's headers and cookies.
func (b *fakeBrowser) seen() ([]string, http.Header, []*http.Cookie) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.read), b.header, b.cookies
}

// TestWatchedPagesAreReadWithTheBrowserWhenTheyNeedIt: the window's check
// reads a page with the browser when its watch entry says so, or when
// Find pictures found its site's pictures with the browser, and gives the
// browser the page's cookies and site rules; other pages are read
// without it.
func TestWatchedPagesAreReadWithTheBrowserWhenTheyNeedIt(t *testing.T) {
	h := newHarness(t, nil)
	names := []string{"s0.png", "s1.png", "p0.png", "s2.png"}
	for _, name := range names {
		h.srv.Handle("/w/"+name, fileBody(name))
	}
	html := downloadtest.Header("Content-Type", "text/html")
	h.srv.Handle("/drawn", []byte(`<p>loading…</p>`), html)
	h.srv.Handle("/plain", []byte(`<a href="/w/p0.png">0</a>`), html)
	browser := &fakeBrowser{drawn: map[string][]string{
		h.srv.URL("/drawn"): {h.srv.URL("/w/s0.png"), h.srv.URL("/w/s1.png")},
		h.srv.URL("/plain"): {h.srv.URL("/w/p0.png"), h.srv.URL("/w/s2.png")},
	}}
	folder := t.TempDir()
	path := filepath.Join(t.TempDir(), "watched.json")
	list := watch.Open(path)
	list.Add(watch.Page{URL: h.srv.URL("/drawn"), Dir: folder, Every: time.Hour, Render: true})
	list.Add(watch.Page{URL: h.srv.URL("/plain"), Dir: folder, Every: time.Hour})
	rules, _ := json.Marshal(settings.Saved{Sites: []downloader.SiteRule{{Site: "127.0.0.1", Header: http.Header{"X-Gallery": {"member"}}}}})
	if err := os.WriteFile(settings.NetworkPath(h.app), rules, 0o600); err != nil {
		t.Fatal(err)
	}
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	h.cfg.watchList, h.cfg.watchClock, h.cfg.browser = path, clock, browser
	h.reopen()
	h.await(clock.Waiting) // the first round is over
	read, header, _ := browser.seen()
	if !slices.Equal(read, []string{h.srv.URL("/drawn")}) || header.Get("X-Gallery") != "member" {
		t.Errorf("the browser read %v with the headers %v, want the page whose entry asks for it, with its site's", read, header)
	}
	if got := len(guitest.ReadFiles(t, folder)); got != 3 {
		t.Errorf("the first check saved %d files, want 3", got)
	}

	site, _ := url.Parse(h.srv.URL("/"))
	h.ui.jar.SetCookies(site, []*http.Cookie{{Name: "session", Value: "signed-in"}})
	h.ui.prefs.SetStringList("find.browsersites", []string{"127.0.0.1"}) // as Find pictures remembers it
	drain(clock)
	clock.Advance(time.Hour)
	h.await(clock.Waiting) // the second round is over
	read, _, cookies := browser.seen()
	if len(read) != 3 || read[2] != h.srv.URL("/plain") {
		t.Errorf("the browser read %v, want the page of a site Find pictures read with the browser too", read)
	}
	if len(cookies) != 1 || cookies[0].Value != "signed-in" {
		t.Errorf("the browser was given the cookies %v, want the site's sign-in", cookies)
	}
	saved := guitest.ReadFiles(t, folder)
	if _, ok := saved["s2.png"]; !ok || len(saved) != 4 {
		t.Errorf("after the second check the folder holds %d files, want the 3 and the one the browser drew", len(saved))
	}
}

// TestWatchedPagesAreReadForTheChosenTime checks that the browser reading
// a watched page is given the page time limit chosen under More…, and that
// a browser bringing its own limit keeps it.
func TestWatchedPagesAreReadForTheChosenTime(t *testing.T) {
	h := newHarness(t, map[string]int{"pictures.pageTimeoutSeconds": 300})
	for _, tc := range []struct {
		name    string
		browser downloader.PageRenderer
		want    time.Duration
	}{
		{"the installed browser", render.Options{}, 5 * time.Minute},
		{"a browser with its own limit", render.Options{PageTimeout: time.Second}, time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &watched{u: h.ui, browser: tc.browser}
			got, ok := w.renderer().(render.Options)
			if !ok || got.PageTimeout != tc.want {
				t.Errorf("the browser reads pages for %v, want %v", got.PageTimeout, tc.want)
			}
		})
	}
}

// TestAWatchedCheckPastTheCapSaysSo: a check whose page has more new
// pictures than its list takes (made 2 here) saves those that fit, and
// the Watched tab says how many were not added, once.
func TestAWatchedCheckPastTheCapSaysSo(t *testing.T) {
	h := newCappedHarness(t, 2)
	var html strings.Builder
	for i := range 5 {
		name := fmt.Sprintf("p%d.png", i)
		h.srv.Handle("/w/"+name, fileBody(name))
		fmt.Fprintf(&html, `<a href="/w/%s">%d</a>`, name, i)
	}
	folder, list := h.watchFirstRound(html.String())
	if got := len(guitest.ReadFiles(t, folder)); got != 2 {
		t.Errorf("the watched page's folder holds %d files, want the 2 that fit", got)
	}
	if pages, _ := list.Pages(); len(pages) != 1 || pages[0].New != 2 || pages[0].NotAdded != 3 {
		t.Fatalf("the list says %+v", pages)
	}
	const want = "2 new · 3 new pictures were not added: one check takes at most 200,000 links"
	h.pump("the Watched tab to show the check", func() bool {
		h.ui.watched.tab()
		return strings.Count(watchedText(h.ui.watched), want) == 1
	})
}

// watchFirstRound serves html as the page /w, puts it on a new watched
// list with its own folder, reopens the window on that list with a fake
// clock and returns once the first round of checks is over.
func (h *harness) watchFirstRound(html string) (folder string, list *watch.List) {
	h.srv.Handle("/w", []byte(html), downloadtest.Header("Content-Type", "text/html"))
	folder = h.t.TempDir()
	path := filepath.Join(h.t.TempDir(), "watched.json")
	list = watch.Open(path)
	list.Add(watch.Page{URL: h.srv.URL("/w"), Dir: folder, Every: time.Hour})
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	h.cfg.watchList, h.cfg.watchClock = path, clock
	h.reopen()
	h.await(clock.Waiting) // the first round is over
	return folder, list
}

// TestAWatchedPageTooLongToReadSaysItWasCut: a watched page longer than
// Haul reads keeps the pictures found in its first part, and its row says
// the page was cut instead of only how many pictures were new.
func TestAWatchedPageTooLongToReadSaysItWasCut(t *testing.T) {
	h := newHarness(t, nil)
	h.srv.Handle("/w/p0.png", fileBody("p0.png"))
	page := `<html><body><a href="/w/p0.png">0</a>` + strings.Repeat(" ", pages.MaxPageBytes) + `<a href="/w/p1.png">1</a></body></html>`
	folder, list := h.watchFirstRound(page)
	if got := len(guitest.ReadFiles(t, folder)); got != 1 {
		t.Errorf("the watched page's folder holds %d files, want 1", got)
	}
	if pages, _ := list.Pages(); len(pages) != 1 || !pages[0].Cut || pages[0].New != 1 {
		t.Fatalf("the list says %+v", pages)
	}
	h.pump("the Watched tab to say the page was cut", func() bool {
		h.ui.watched.tab()
		return strings.Contains(watchedText(h.ui.watched), "1 new · the page is longer than 32 MiB")
	})
}

// TestAWatchedPageIsNotFetchedOverAndOver: a page the list's file says to
// check every nanosecond, on a list that cannot be written (a full disk),
// is checked once when the window opens, not again a minute later.
func TestAWatchedPageIsNotFetchedOverAndOver(t *testing.T) {
	h := newHarness(t, nil)
	h.srv.Handle("/w", []byte("<html></html>"), downloadtest.Header("Content-Type", "text/html"))
	path := filepath.Join(t.TempDir(), "watched.json")
	entry, _ := json.Marshal([]watch.Page{{URL: h.srv.URL("/w"), Dir: t.TempDir(), Every: time.Nanosecond}})
	os.WriteFile(path, entry, 0o600)
	os.Mkdir(path+".new", 0o700) // where the new list would be written
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	h.cfg.watchList, h.cfg.watchClock = path, clock
	h.reopen()
	h.await(clock.Waiting) // the first round is over
	clock.Advance(time.Minute)
	h.ui.watched.watcher.Changed()
	h.await(clock.Waiting)
	if got := h.srv.Hits("/w"); got != 1 {
		t.Errorf("the page was fetched %d times in a minute, want once", got)
	}
	pages, _ := watch.Open(path).Pages()
	var every *widget.Select
	guitest.Walk(h.ui.watched.row(pages[0]), func(o fyne.CanvasObject) {
		if s, ok := o.(*escSelect); ok {
			every = &s.Select
		}
	})
	if every == nil || every.Selected != "every 15 min" {
		t.Errorf("the row says %q, want every 15 min", every.Selected)
	}
}

// TestWatchThisPageThenAddSavesThePictures: "Watch this page" then "Add"
// in the picker saves the pictures in the window's list: watching starts
// from what the page shows, so no check saves them behind the list's back
// and leaves their rows skipped as saved before. A later check saves the
// new picture and says so in the window, with a button that opens the
// folder; a picture the window's list holds is left to the list.
func TestWatchThisPageThenAddSavesThePictures(t *testing.T) {
	h := newHarness(t, nil)
	html := downloadtest.Header("Content-Type", "text/html")
	var page strings.Builder
	var shown []string
	for i := range 5 {
		name := fmt.Sprintf("p%d.png", i)
		h.srv.Handle("/w/"+name, fileBody(name))
		if i < 3 {
			fmt.Fprintf(&page, `<a href="/w/%s">%d</a>`, name, i)
			shown = append(shown, h.srv.URL("/w/"+name))
		}
	}
	h.srv.Handle("/w", []byte(page.String()), html)
	path := filepath.Join(t.TempDir(), "watched.json")
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	h.cfg.watchList, h.cfg.watchClock = path, clock
	h.reopen()
	h.await(clock.Waiting) // nothing watched yet

	h.ui.watched.add(h.srv.URL("/w"), false)
	h.await(clock.Waiting) // the watcher looked at the list again
	if hits := h.srv.Hits("/w"); hits != 0 {
		t.Errorf("watching the page checked it %d times while the picker was open", hits)
	}
	h.ui.m.Intake().AddPagePictures(downloader.Page{URL: h.srv.URL("/w")}, shown...)
	h.waitRows(3)
	h.ui.batch.Start()
	h.waitTotals("3 saved · 0 skipped")

	fmt.Fprintf(&page, `<a href="/w/p3.png">3</a><a href="/w/p4.png">4</a>`)
	h.srv.Handle("/w", []byte(page.String()), html)
	h.ui.batch.Stop()
	h.waitCommands()
	h.paste(h.srv.URL("/w/p4.png"))
	h.waitRows(4)
	drain(clock)
	clock.Advance(watch.DefaultEvery)
	h.await(clock.Waiting) // the check is over
	h.pump("the window to tell of the new picture", func() bool {
		return strings.HasPrefix(h.ui.intake.label.Text, "1 new picture from 127.0.0.1")
	})
	if !h.ui.intake.action.Visible() {
		t.Fatal("the line about the new picture offers no button")
	}
	test.Tap(h.ui.intake.action)
	if h.opened != h.dir {
		t.Errorf("the button opened %q, want the folder %q", h.opened, h.dir)
	}
	saved := h.readSaved()
	if _, ok := saved["p3.png"]; !ok {
		t.Errorf("the check did not save the new picture: %v", keys(saved))
	}
	if _, ok := saved["p4.png"]; ok {
		t.Error("the check saved the picture the window's list holds")
	}
	h.ui.batch.Start()
	h.waitState(h.srv.URL("/w/p4.png"), downloader.Done)
}
