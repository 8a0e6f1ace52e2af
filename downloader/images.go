package downloader

import (
	"mime"
	"net/http"

	"haul/downloader/pages"
	"haul/downloader/sniff"
	"haul/downloader/transfer"
)

// PageFound reports a link that turned out to be a web page, with the
// pictures found on it.
type PageFound struct {
	// Item is the link's item, which ends Skipped with a note.
	Item ID
	// Page is the page's address after redirects.
	Page string
	// Title is the page's title, "" when it has none.
	Title  string
	Images []pages.Image
}

// isPage says an answer is to be read as a web page: an HTML answer to a
// link that was not expected to be a file and does not name a picture.
func (t *try) isPage(resp *http.Response) bool {
	m, j := t.m, t.j
	if m.opts.SavePages || j.fromPage || j.name != "" {
		return false
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	return (mt == "text/html" || mt == "application/xhtml+xml") && !sniff.ExpectImage(t.nameFor(resp), "", false)
}

// pageFound is the outcome of a link read as a web page.
func pageFound(it *item, page *transfer.Page) outcome {
	return outcome{page: &PageFound{Item: it.id, Page: page.URL, Title: pageTitle(page.Images), Images: page.Images}}
}
