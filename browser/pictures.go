package browser

import (
	"net/url"

	"haul/downloader/pages"
)

// Pictures are the pictures of the message's pages (a pictures message),
// chosen as a reader would on each page (see pages.FromBrowser); a page
// the message gives no address of has its pictures judged by their sizes
// alone.
func (m Message) Pictures() []pages.Image {
	var images []pages.Image
	for _, t := range m.Pages() {
		images = append(images, t.pictures()...)
	}
	return images
}

// pictures chooses among the pictures of one page.
func (t Tab) pictures() []pages.Image {
	page, err := url.Parse(t.Page.URL)
	if err != nil || t.Page.URL == "" {
		page = &url.URL{}
	}
	b := pages.Browsed{Page: page, Title: t.Page.Title, HTML: t.HTML, Links: t.Links, Named: t.Named,
		Backgrounds: t.Backgrounds, Drawn: pageSizes(t.Drawn), Natural: pageSizes(t.Sizes)}
	if !page.IsAbs() {
		b.HTML = ""
	}
	images := pages.FromBrowser(b)
	for i := range images {
		images[i].Page = t.Page.URL
	}
	return images
}

// pageSizes turns a message's sizes into the page reader's.
func pageSizes(sizes map[string]Size) map[string]pages.Size {
	out := make(map[string]pages.Size, len(sizes))
	for u, s := range sizes {
		out[u] = pages.Size{Width: s.Width, Height: s.Height}
	}
	return out
}
