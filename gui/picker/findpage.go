package picker

import (
	"context"
	"errors"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/downloader/links"
	"haul/downloader/pages"
	"haul/gui/kit"
	"haul/i18n"
)

// pagesChoices are how many pages of a gallery Find can follow.
var pagesChoices = []int{1, 2, 3, 5, 10, 20, 50}

// finder is the "Find pictures on a page" dialog: it asks for a page and
// how many pages to follow, then looks for pictures in the background
// with a progress bar and a way to cancel.
type finder struct {
	ps      *Pickers
	dlg     *dialog.CustomDialog
	url     *kit.EscEntry
	pages   *widget.Select
	status  *widget.Label
	busy    *widget.ProgressBarInfinite
	find    *widget.Button
	cancel  *widget.Button
	stopRun context.CancelFunc
	// browser asks to open the page in the installed browser and scroll
	// it; stopScroll ends the scrolling and keeps what was found.
	browser    *widget.Check
	stopScroll *widget.Button
	stopRender context.CancelFunc
	// useBrowser reads the page again with the browser, offered when no
	// picture was found without it.
	useBrowser *widget.Button
	sites      browserSites
}

// Find asks for a web page and looks for the pictures on it, and on
// the pages after it, to choose from (Ctrl+F).
func (ps *Pickers) Find() {
	u := ps.host
	if ps.finder != nil {
		u.Win.Canvas().Focus(ps.finder.url)
		return
	}
	f := &finder{ps: ps, sites: browserSites{u.Prefs}}
	f.url = kit.NewEscEntry(f.close)
	f.url.SetPlaceHolder("https://example.com/gallery")
	if found := links.Extract(fyne.CurrentApp().Clipboard().Content()).Links; len(found) == 1 {
		f.url.SetText(found[0])
	}
	f.url.OnChanged = func(string) {
		f.status.SetText("")
		kit.Enabled(f.find, f.page() != "")
		f.offerBrowser(false)
		f.tickForSite()
	}
	f.url.OnSubmitted = func(string) { f.start() }
	f.pages = widget.NewSelect(kit.Numbers(pagesChoices), nil)
	f.pages.SetSelected(strconv.Itoa(u.Prefs.IntWithFallback(prefFindPages, 1)))
	f.pages.OnChanged = func(v string) { u.Prefs.SetInt(prefFindPages, kit.Atoi(v)) }
	f.status = widget.NewLabel("")
	f.status.Wrapping = fyne.TextWrapWord
	f.busy = widget.NewProgressBarInfinite()
	f.busy.Hide()
	f.find = widget.NewButton(lang.L("Find pictures"), f.start)
	f.find.Importance = widget.HighImportance
	kit.Enabled(f.find, f.page() != "")
	f.cancel = widget.NewButton(lang.L("Cancel"), f.close)
	f.browser = newBrowserCheck()
	f.stopScroll = widget.NewButton(lang.L("Stop scrolling"), f.stopScrolling)
	f.stopScroll.Hide()
	f.useBrowser = widget.NewButtonWithIcon(lang.L("Read it with the browser"), theme.ComputerIcon(), f.readWithBrowser)
	f.useBrowser.Importance = widget.HighImportance
	f.useBrowser.Hide()
	f.tickForSite()

	form := widget.NewForm(
		widget.NewFormItem(lang.L("Web page:"), f.url),
		widget.NewFormItem(lang.L("Pages to follow:"), container.NewHBox(f.pages,
			widget.NewLabel(lang.L("(galleries split over several pages)")))),
	)
	content := container.NewVBox(form, f.browser, f.busy, f.status, container.NewHBox(f.useBrowser))
	f.dlg = dialog.NewCustomWithoutButtons(lang.L("Find pictures on a page"), content, u.Win)
	f.dlg.SetButtons([]fyne.CanvasObject{f.cancel, f.stopScroll, f.find})
	f.dlg.SetOnClosed(f.stop)
	f.dlg.Resize(fyne.NewSize(640, content.MinSize().Height+140))
	ps.finder = f
	u.ShowDialog(f.dlg)
	u.Win.Canvas().Focus(f.url)
}

// page is the address typed, tidied up, or "" when it is not a link.
func (f *finder) page() string {
	found := links.Extract(f.url.Text).Links
	if len(found) == 0 {
		return ""
	}
	return found[0]
}

// start looks for the pictures in the background.
func (f *finder) start() {
	page := f.page()
	if page == "" || f.stopRun != nil {
		return
	}
	ctx, cancel := context.WithCancel(f.ps.host.Ctx)
	f.stopRun = cancel
	f.url.Disable()
	f.pages.Disable()
	f.find.Disable()
	f.busy.Show()
	f.busy.Start()
	f.offerBrowser(false)
	maxPages := kit.Atoi(f.pages.Selected)
	if f.browser.Checked {
		f.startRendering(ctx, page, maxPages)
		return
	}
	f.status.SetText(lang.X("find.looking", "Looking for pictures on {{.Page}}…", kit.Data{"Page": pageLabel(page)}))
	go func() {
		images, problems, err := f.ps.host.Engine.Network().FindImages(ctx, page, maxPages)
		f.ps.host.Do(func() { f.finished(ctx, Source{Page: page, Images: images, Problems: problems}, err) })
	}()
}

// finished opens the picker on what was found, or says why nothing was.
func (f *finder) finished(ctx context.Context, src Source, err error) {
	if ctx.Err() != nil {
		return
	}
	f.stopRun()
	f.stopRun = nil
	f.busy.Stop()
	f.busy.Hide()
	f.url.Enable()
	f.pages.Enable()
	f.find.Enable()
	rendered := f.browser.Checked && f.stopScroll.Visible()
	f.endRendering()
	switch {
	case len(src.Images) > 0:
		f.sites.remember(src.Page, rendered)
		src.Rendered = rendered
		f.close()
		f.ps.Show(src)
	case err != nil && !errors.Is(err, context.Canceled):
		f.status.SetText(lang.X("find.failed", "Could not read the page: {{.Error}}", kit.Data{"Error": i18n.ErrorText(kit.Tr, whyUnreadable(err))}))
	case !rendered && canRender():
		f.status.SetText(lang.L("No pictures were found on that page. It may draw them with scripts, which the browser runs."))
		f.offerBrowser(true)
	default:
		f.status.SetText(lang.L("No pictures were found on that page."))
	}
}

// whyUnreadable is the cause of a page that could not be read, which the
// message already says, so that it is not said twice ("could not read the
// page: could not open the page: …"); any other error is itself.
func whyUnreadable(err error) error {
	var problem *pages.Problem
	if errors.As(err, &problem) && problem.Kind == pages.ProblemUnreadable && problem.Err != nil {
		return problem.Err
	}
	return err
}

// close closes the dialog, canceling a search under way.
func (f *finder) close() {
	f.dlg.Hide()
}

// stop cancels a search under way.
func (f *finder) stop() {
	if f.stopRun != nil {
		f.stopRun()
		f.stopRun = nil
	}
	if f.ps.finder == f {
		f.ps.finder = nil
	}
}
