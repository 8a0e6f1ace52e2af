package picker

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"haul/downloader/render"
	"haul/downloader/render/rendertest"
)

// openRenderedFind opens the find dialog on an infinite-scroll gallery with
// "needs a browser" ticked, and starts the search.
func openRenderedFind(t *testing.T) (*harness, *finder) {
	t.Helper()
	if _, ok := render.FindBrowser(); !ok {
		t.Skip("no Chrome, Chromium, Edge or Brave is installed, so rendered reading is not tested here (on Debian: apt-get install chromium)")
	}
	renderDefaults.Settle = 400 * time.Millisecond
	t.Cleanup(func() { renderDefaults.Settle = 0 })
	srv := (&rendertest.ScrollSite{}).Start(t)
	h := newHarness(t)
	h.ps.Find()
	f := h.finder()
	test.Type(f.url, srv.URL+"/gallery")
	if f.browser.Disabled() {
		t.Fatal("the browser choice is disabled although a browser is installed")
	}
	f.browser.SetChecked(true)
	test.Tap(f.find)
	if !f.stopScroll.Visible() {
		t.Error("no Stop scrolling button while the page is read in the browser")
	}
	return h, f
}

// browserTime is how long a test may wait for a browser to scroll a
// whole gallery.
const browserTime = 3 * time.Minute

func TestFindInBrowserOffersEveryPictureOfAnInfiniteScrollPage(t *testing.T) {
	h, f := openRenderedFind(t)
	sawProgress := false
	h.pumpFor(browserTime, "the picker", func() bool {
		sawProgress = sawProgress || strings.Contains(f.status.Text, "pictures so far")
		return h.picker() != nil
	})
	if !sawProgress {
		t.Error("the dialog never said how many pictures it had found while scrolling")
	}
	if got := len(h.picker().picks); got != rendertest.Pictures {
		t.Errorf("picker offers %d pictures, want all %d", got, rendertest.Pictures)
	}
}

func TestFindInBrowserStopScrollingKeepsWhatWasFound(t *testing.T) {
	h, f := openRenderedFind(t)
	h.pumpFor(browserTime, "the first pictures", func() bool { return strings.Contains(f.status.Text, "pictures so far") })
	test.Tap(f.stopScroll)
	h.pumpFor(browserTime, "the picker", func() bool { return h.picker() != nil })
	if got := len(h.picker().picks); got < rendertest.BatchSize || got >= rendertest.Pictures {
		t.Errorf("picker offers %d pictures after stopping, want the ones found so far (%d to %d)", got, rendertest.BatchSize, rendertest.Pictures-1)
	}
}

// TestFindOffersTheBrowserAndRemembersTheSite: a page that draws every
// picture with its script has none for the plain reading; the dialog says
// so and offers to read it with the browser, which finds them, and the
// next find on that site ticks "needs a browser" by itself.
func TestFindOffersTheBrowserAndRemembersTheSite(t *testing.T) {
	if _, ok := render.FindBrowser(); !ok {
		t.Skip("no Chrome, Chromium, Edge or Brave is installed, so rendered reading is not tested here (on Debian: apt-get install chromium)")
	}
	renderDefaults.Settle = 400 * time.Millisecond
	t.Cleanup(func() { renderDefaults.Settle = 0 })
	srv := (&rendertest.ScrollSite{Scripted: true}).Start(t)
	h := newHarness(t)
	h.ps.Find()
	f := h.finder()
	test.Type(f.url, srv.URL+"/gallery")
	if f.browser.Checked {
		t.Fatal("a site never read with the browser starts with it ticked")
	}
	test.Tap(f.find)
	h.pump("the plain reading", func() bool { return f.useBrowser.Visible() })
	if !strings.HasPrefix(f.status.Text, "No pictures were found on that page.") {
		t.Errorf("the dialog says %q", f.status.Text)
	}
	test.Tap(f.useBrowser)
	h.pumpFor(browserTime, "the picker", func() bool { return h.picker() != nil })
	if got := len(h.picker().picks); got != rendertest.Pictures {
		t.Errorf("picker offers %d pictures, want all %d", got, rendertest.Pictures)
	}
	h.picker().dlg.Hide()

	h.ps.Find()
	f = h.finder()
	test.Type(f.url, srv.URL+"/another-gallery")
	if !f.browser.Checked {
		t.Error("the next page of the site is not read with the browser")
	}
	f.close()
}
