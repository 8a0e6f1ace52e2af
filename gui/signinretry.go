package gui

import (
	"net/url"
	"path"

	"haul/downloader"
	"haul/downloader/sniff"
)

// signInEngine is what retrying a site after a sign-in needs of the
// engine: the items, and the commands that try them again.
type signInEngine interface {
	Snapshot() ([]downloader.ItemSnapshot, downloader.Summary)
	Controls() *downloader.Controls
}

// retryAfterSignIn tries the failed items of site that a sign-in may cure
// again, with the cookies now in force, and returns how many. A failed
// page of the site is tried first and alone: once it is read, its pictures
// that failed are tried again with it as Referer (see UI.pageFound), after
// the page has set the cookies they may need. With no failed page, the
// pictures are tried again at once, with as Referer the site's page read
// earlier, when there is one.
func retryAfterSignIn(e signInEngine, site string) int {
	items, _ := e.Snapshot()
	var pages, pictures []downloader.ItemSnapshot
	readPage := ""
	for _, it := range items {
		switch {
		case siteOf(it.URL) != site:
		case it.State == downloader.Skipped && it.Note.Kind == downloader.NotePage:
			readPage = it.URL
		case it.State != downloader.Failed || !it.Err.NeedsSignIn():
		case looksLikePicture(it.URL):
			pictures = append(pictures, it)
		default:
			pages = append(pages, it)
		}
	}
	n := 0
	for _, p := range pages {
		if e.Controls().Retry(p.ID) {
			n++
		}
	}
	if n > 0 {
		return n + len(pictures)
	}
	links := make([]string, len(pictures))
	for i, p := range pictures {
		links[i] = p.URL
	}
	return e.Controls().Revive(readPage, links...)
}

// looksLikePicture says a link names a picture file by its extension.
func looksLikePicture(link string) bool {
	u, err := url.Parse(link)
	return err == nil && sniff.ExpectImage(path.Base(u.Path), "", false)
}

// reviveFromPage tries again, with the page as Referer, the failed items
// of the pictures found on a page that was read, and the site's other
// pictures that failed for want of a sign-in; it returns how many.
func reviveFromPage(e signInEngine, found downloader.PageFound) int {
	links := make([]string, 0, len(found.Images))
	for _, img := range found.Images {
		links = append(links, img.URL)
	}
	site := siteOf(found.Page)
	items, _ := e.Snapshot()
	for _, it := range items {
		if it.State == downloader.Failed && it.Err.NeedsSignIn() && siteOf(it.URL) == site && looksLikePicture(it.URL) {
			links = append(links, it.URL)
		}
	}
	return e.Controls().Revive(found.Page, links...)
}

// retryFailed tries every failed item again and returns how many. A site
// whose page failed for want of a sign-in goes as retryAfterSignIn has
// it: the page first, and its pictures that failed for the same want once
// the page is read, with it as Referer (UI.pageFound); tried at the same
// time as the page, they would be asked without it and refused again.
func retryFailed(e signInEngine) int {
	items, _ := e.Snapshot()
	waitForPage := map[string]bool{}
	for _, it := range items {
		if it.State == downloader.Failed && it.Err.NeedsSignIn() && !looksLikePicture(it.URL) {
			waitForPage[siteOf(it.URL)] = true
		}
	}
	if len(waitForPage) == 0 {
		return e.Controls().RetryFailed()
	}
	n := 0
	for _, it := range items {
		switch {
		case it.State != downloader.Failed:
		case it.Err.NeedsSignIn() && looksLikePicture(it.URL) && waitForPage[siteOf(it.URL)]:
			n++ // tried again once its page is read
		case e.Controls().Retry(it.ID):
			n++
		}
	}
	return n
}
