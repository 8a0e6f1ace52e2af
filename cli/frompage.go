package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"

	"haul/downloader"
	"haul/downloader/links"
	"haul/downloader/pages"
	"haul/downloader/render"
	"haul/i18n"
)

// addFromPage finds the pictures on -from-page (following "next page" links
// up to -pages) and queues the ones the page is about (every one with
// -all) with their page as Referer, each page's in its own folder with
// -subfolders and named by -name; it says how many were left out and what
// they are. It returns the error of a start page that could not be read.
func addFromPage(ctx context.Context, m *downloader.Manager, cfg config, stderr io.Writer) ([]downloader.Rejected, error) {
	images, problems, err := findPictures(ctx, m, cfg, stderr)
	for _, p := range problems {
		fmt.Fprintf(stderr, "%s: %s\n", p.Page, i18n.PageProblem(tr(), p))
	}
	if ctx.Err() != nil {
		return nil, ctx.Err() // stopped: the summary says so
	}
	if err != nil {
		fmt.Fprintln(stderr, tr().X("cli.page.unreadable", i18n.Data{"Page": cfg.fromPage, "Error": i18n.ErrorText(tr(), err)}))
		var failure *downloader.ItemError
		if errors.As(err, &failure) {
			signInHint(stderr, failure)
		}
		return nil, err
	}
	kept := choosePictures(ctx, m, images, cfg.all)
	rejected, _ := addPagesPictures(m.Intake(), kept)
	if !cfg.quiet {
		pageCount := len(pagesOf(images))
		found := tr().XN("cli.found.pictures", len(images), i18n.Data{"N": len(images)})
		fmt.Fprintln(stderr, tr().XN("cli.found", pageCount, i18n.Data{"Pictures": found, "N": pageCount}))
		if left := len(images) - len(kept); left > 0 {
			counts, _ := i18n.LeftOut(images)
			fmt.Fprintln(stderr, tr().XN("cli.leftout", left, i18n.Data{"N": left, "Kinds": i18n.LeftOutKinds(tr(), counts)}))
		}
	}
	return rejected, nil
}

// choosePictures returns the pictures to save: every one with all, else
// the ones the pages are about, once the sizes the pages did not give
// are read (pages.Measure; what is read for a picture kept is kept for
// its download).
func choosePictures(ctx context.Context, m *downloader.Manager, images []pages.Image, all bool) []pages.Image {
	if all {
		return images
	}
	pages.Measure(ctx, images, m.Network().FetchKeep)
	var kept []pages.Image
	for _, img := range images {
		if img.Chosen() {
			kept = append(kept, img)
		}
	}
	return kept
}

// addPagesPictures queues the pictures found, each page's with its page
// (see Intake.AddPageImages) through the intake in; it returns the links
// refused and how many pages the pictures came from.
func addPagesPictures(in *downloader.Intake, images []pages.Image) ([]downloader.Rejected, int) {
	byPage := map[string][]pages.Image{}
	order := pagesOf(images)
	for _, img := range images {
		byPage[img.Page] = append(byPage[img.Page], img)
	}
	var rejected []downloader.Rejected
	for _, page := range order {
		_, r := in.AddPageImages(page, byPage[page.URL])
		rejected = append(rejected, r...)
	}
	return rejected, len(order)
}

// pagesOf lists the pages the pictures were found on, in order.
func pagesOf(images []pages.Image) []downloader.Page {
	seen := map[string]bool{}
	var order []downloader.Page
	for _, img := range images {
		if !seen[img.Page] {
			seen[img.Page] = true
			order = append(order, downloader.Page{URL: img.Page, Title: img.PageTitle})
		}
	}
	return order
}

// findPictures reads -from-page: in the browser with -render (falling back
// to reading it directly when no browser is installed), else directly,
// following "next page" links.
func findPictures(ctx context.Context, m *downloader.Manager, cfg config, stderr io.Writer) ([]pages.Image, []pages.Problem, error) {
	if !cfg.render {
		return m.Network().FindImages(ctx, cfg.fromPage, cfg.pages)
	}
	shown := 0
	progress := func(pictures, _ int) {
		if !cfg.quiet && pictures != shown {
			shown = pictures
			fmt.Fprintln(stderr, tr().XN("render.scrolling", pictures, i18n.Data{"N": pictures}))
		}
	}
	images, err := m.Network().RenderImages(ctx, cfg.fromPage, render.Options{MaxScreens: cfg.renderScreens, PageTimeout: cfg.renderTimeout, Progress: progress})
	switch {
	case errors.Is(err, render.ErrPageTimeout):
		limit := cmp.Or(cfg.renderTimeout, render.DefaultPageTimeout)
		fmt.Fprintln(stderr, tr().X("render.timeout", i18n.Data{"Limit": limit.String()}))
		if len(images) == 0 {
			return m.Network().FindImages(ctx, cfg.fromPage, cfg.pages)
		}
		return images, nil, nil
	case errors.Is(err, render.ErrNoBrowser):
		fmt.Fprintln(stderr, tr().X("render.nobrowser", nil))
		return m.Network().FindImages(ctx, cfg.fromPage, cfg.pages)
	case errors.Is(err, render.ErrBrowserSlow):
		fmt.Fprintln(stderr, tr().X("render.slowstart", i18n.Data{"Limit": render.StartLimit(cfg.renderTimeout).String()}))
		return m.Network().FindImages(ctx, cfg.fromPage, cfg.pages)
	case errors.Is(err, render.ErrBrowserFailed):
		fmt.Fprintf(stderr, "%s (%v)\n", tr().X("render.failed", nil), err)
		return m.Network().FindImages(ctx, cfg.fromPage, cfg.pages)
	}
	return images, nil, err
}

// reportRejected says why each link refused was not queued, a duplicate
// aside, and once how many the full list left out.
func reportRejected(stderr io.Writer, rejected []downloader.Rejected) {
	for _, r := range rejected {
		if !r.Duplicate && r.Reason != links.ReasonListFull {
			fmt.Fprintf(stderr, "%s: %s\n", downloader.ShownLink(r.URL), i18n.LinkReason(tr(), r.Reason))
		}
	}
	if n := downloader.ListFull(rejected); n > 0 {
		fmt.Fprintln(stderr, tr().XN("cli.listfull", n, i18n.NotAddedData(n)))
	}
}
