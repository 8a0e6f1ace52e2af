package browser

import (
	"context"
	"net/url"

	"haul/downloader"
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

// Queued is what Queue did with a message.
type Queued struct {
	IDs      []downloader.ID
	Rejected []downloader.Rejected
	// Left are the pictures the pages are not about, left out.
	Left []pages.Image
	// ByPage counts the links added from each page, in the order of Pages.
	ByPage []int
}

// Queue adds the message's links to the engine, each with its page as
// Referer: of a pictures message, the pictures each page is about (once
// the sizes the choice waits on are read, within ctx), placed as the
// settings say (a folder per page, the name template); links as they are.
func (m Message) Queue(ctx context.Context, e *downloader.Manager) Queued {
	var q Queued
	if m.Type != TypePictures {
		if m.Page.URL != "" {
			q.IDs, q.Rejected = e.Intake().AddFromPage(m.Page.URL, m.Links...)
		} else {
			q.IDs, q.Rejected = e.Add(m.Links...)
		}
		q.ByPage = []int{len(q.IDs)}
		return q
	}
	images := m.Pictures()
	pages.Measure(ctx, images, e.Network().FetchKeep)
	for _, t := range m.Pages() {
		var chosen []pages.Image
		for _, img := range images {
			switch {
			case img.Page != t.Page.URL:
			case img.Chosen():
				chosen = append(chosen, img)
			default:
				q.Left = append(q.Left, img)
			}
		}
		added, refused := queuePage(e, t.Page, chosen)
		q.IDs, q.Rejected = append(q.IDs, added...), append(q.Rejected, refused...)
		q.ByPage = append(q.ByPage, len(added))
	}
	return q
}

// queuePage adds one page's chosen pictures, with the page as Referer when
// there is one.
func queuePage(e *downloader.Manager, p Page, images []pages.Image) ([]downloader.ID, []downloader.Rejected) {
	if p.URL != "" {
		return e.Intake().AddPageImages(downloader.Page{URL: p.URL, Title: p.Title}, images)
	}
	links := make([]string, len(images))
	for i, img := range images {
		links[i] = img.URL
	}
	return e.Add(links...)
}
