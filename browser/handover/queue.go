package handover

import (
	"context"

	"haul/browser"
	"haul/downloader"
	"haul/downloader/pages"
)

// Queued is what Queue did with a message.
type Queued struct {
	IDs      []downloader.ID
	Rejected []downloader.Rejected
	// Left are the pictures the pages are not about, left out.
	Left []pages.Image
	// ByPage counts the links added from each page, in the order of Pages.
	ByPage []int
}

// Queue adds the links of the message m to the engine, each with its page as
// Referer: of a pictures message, the pictures each page is about (once
// the sizes the choice waits on are read, within ctx), placed as the
// settings say (a folder per page, the name template); links as they are.
func Queue(ctx context.Context, m browser.Message, e *downloader.Manager) Queued {
	var q Queued
	if m.Type != browser.TypePictures {
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
func queuePage(e *downloader.Manager, p browser.Page, images []pages.Image) ([]downloader.ID, []downloader.Rejected) {
	if p.URL != "" {
		return e.Intake().AddPageImages(downloader.Page{URL: p.URL, Title: p.Title}, images)
	}
	links := make([]string, len(images))
	for i, img := range images {
		links[i] = img.URL
	}
	return e.Add(links...)
}
