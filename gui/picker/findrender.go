package picker

import (
	"cmp"
	"context"
	"errors"
	"time"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"haul/downloader/render"
	"haul/gui/kit"
)

// renderDefaults are the options every rendering starts from; tests
// shorten the time a screen must stay still.
var renderDefaults render.Options

// newBrowserCheck is the find dialog's choice to open the page in the
// browser the user has installed, for pages that draw their pictures with
// JavaScript. Without a browser it is off and says what is missing.
func newBrowserCheck() *widget.Check {
	c := widget.NewCheck(lang.L("This page needs a browser to show its pictures"), nil)
	if !canRender() {
		c.Text = lang.L("Opening a page in a browser needs Chrome, Chromium, Edge or Brave installed")
		c.Disable()
	}
	return c
}

// startRendering opens the page in the browser and scrolls it in the
// background, showing how many pictures it has found so far. "Stop
// scrolling" ends the scrolling and offers what was found; Cancel drops it.
func (f *finder) startRendering(ctx context.Context, page string, maxPages int) {
	scrollCtx, stop := context.WithCancel(ctx)
	f.stopRender = stop
	f.browser.Disable()
	f.stopScroll.Show()
	f.status.SetText(lang.X("render.opening", "Opening {{.Page}} in your browser…", kit.Data{"Page": pageLabel(page)}))
	progress := func(pictures, _ int) {
		f.ps.host.Do(func() {
			if scrollCtx.Err() == nil {
				f.status.SetText(lang.XN("render.scrolling", "Scrolling the page… {{.N}} pictures so far", pictures, kit.Data{"N": pictures}))
			}
		})
	}
	opts := renderDefaults
	opts.PageTimeout = f.pageTimeout()
	opts.Progress = progress
	go func() {
		src := Source{Page: page}
		var err error
		src.Images, err = f.ps.host.Engine.Network().RenderImages(scrollCtx, page, opts)
		switch {
		case errors.Is(err, render.ErrNoBrowser), errors.Is(err, render.ErrBrowserFailed):
			f.ps.host.Do(func() { f.ps.host.Notice(browserProblem(err, opts.PageTimeout)) })
			src.Images, src.Problems, err = f.ps.host.Engine.Network().FindImages(ctx, page, maxPages)
		case errors.Is(err, render.ErrPageTimeout):
			f.ps.host.Do(func() { f.ps.host.Notice(timeoutNotice(opts.PageTimeout)) })
			err = nil
			if len(src.Images) == 0 {
				src.Images, src.Problems, err = f.ps.host.Engine.Network().FindImages(ctx, page, maxPages)
			}
		case scrollCtx.Err() != nil && ctx.Err() == nil:
			err = nil
		}
		f.ps.host.Do(func() { f.finished(ctx, src, err) })
	}()
}

// stopScrolling ends the scrolling; the pictures found so far are offered.
func (f *finder) stopScrolling() {
	if f.stopRender != nil {
		f.stopRender()
	}
}

// endRendering puts the dialog back after a search.
func (f *finder) endRendering() {
	if f.stopRender != nil {
		f.stopRender()
		f.stopRender = nil
	}
	f.stopScroll.Hide()
	if canRender() {
		f.browser.Enable()
	}
}

// canRender says a browser is installed to read pages with.
func canRender() bool {
	_, ok := render.FindBrowser()
	return ok
}

// offerBrowser shows or hides the button that reads the page again with
// the browser.
func (f *finder) offerBrowser(on bool) {
	kit.Visible(f.useBrowser, on)
}

// readWithBrowser reads the page again, with the browser this time.
func (f *finder) readWithBrowser() {
	f.offerBrowser(false)
	f.browser.SetChecked(true)
	f.start()
}

// tickForSite ticks "needs a browser" for a page of a site whose pictures
// were found with the browser last time.
func (f *finder) tickForSite() {
	if page := f.page(); page != "" && canRender() && f.sites.needs(page) {
		f.browser.SetChecked(true)
	}
}

// pageTimeout is how long the browser may read the page: the user's
// choice under More…, unless a test shortened it.
func (f *finder) pageTimeout() time.Duration {
	return cmp.Or(renderDefaults.PageTimeout, PageTimeout(f.sites.prefs))
}

// browserProblem says why the page was read without the browser, whose
// page time limit was pageLimit.
func browserProblem(err error, pageLimit time.Duration) string {
	if errors.Is(err, render.ErrBrowserSlow) {
		limit := render.StartLimit(pageLimit)
		return lang.X("render.slowstart", "The browser did not start within {{.Limit}}, so Haul stopped it and read the page without it: pictures it draws with JavaScript may be missing. Close other programs or give pages more time, then try again.",
			kit.Data{"Limit": limit.String()})
	}
	if errors.Is(err, render.ErrNoBrowser) {
		return lang.X("render.nobrowser", "No Chrome, Chromium, Edge or Brave browser is installed, so the page was read without one.", nil)
	}
	return lang.X("render.failed", "The browser could not open the page, so it was read without one: pictures it draws with JavaScript may be missing.", nil)
}

// timeoutNotice says that the page took longer than limit, the time a
// page may be read.
func timeoutNotice(limit time.Duration) string {
	return lang.X("render.timeout", "The page did not finish in {{.Limit}} (its scripts may never stop), so Haul stopped reading it: the pictures found by then are kept, and a page with none is read without the browser.",
		kit.Data{"Limit": limit.String()})
}
