package downloader

import (
	"net/url"
	"path"
	"strings"
	"time"

	"haul/downloader/naming"
	"haul/downloader/pages"
)

// Intake is how links found on web pages join the list: the pictures of
// a page, with the page as their Referer and placed as the limits say,
// and the pictures of a link that turned out to be a page. It owns no
// state: its methods take the Manager's lock (Manager.mu) and add items
// as Add does.
type Intake struct{ m *Manager }

// Intake adds the links found on web pages.
func (m *Manager) Intake() *Intake { return &m.intake }

// Page is a web page on which pictures were found.
type Page struct {
	URL   string
	Title string // the page's <title>, "" when it has none
}

// AddFromPage queues pictures found on a web page: they are requested with
// the page as Referer (unless NoPageReferer) and must really be pictures.
func (in *Intake) AddFromPage(page string, links ...string) ([]ID, []Rejected) {
	m := in.m
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.addLocked(links, page)
}

// pageDone ends a page item and, unless the app wants to choose,
// queues the pictures chosen on it (see pages.Image.Chosen) with the page
// as Referer; its note says how many pictures it had, and how many a full
// list left out.
func (in *Intake) pageDone(it *item, found *PageFound) {
	m := in.m
	note := &Note{Kind: NotePage, Count: len(found.Images)}
	if m.opts.OnPage == nil {
		var chosen []pages.Image
		for _, img := range found.Images {
			if img.Chosen() {
				chosen = append(chosen, img)
			}
		}
		_, rejected := in.addPagePictures(Page{URL: found.Page, Title: found.Title}, chosen)
		note.NotAdded = ListFull(rejected)
	}
	it.note = note
	m.setStateLocked(it, Skipped)
}

// AddPagePictures queues pictures found on a web page, as AddFromPage does,
// and gives them their place as the limits say when they are added: with
// PageFolders, a folder inside the output folder named after the page's
// title; with NameTemplate, a name made from the template, where {n} is the
// picture's position among links.
func (in *Intake) AddPagePictures(page Page, links ...string) ([]ID, []Rejected) {
	images := make([]pages.Image, len(links))
	for i, link := range links {
		images[i].URL = link
	}
	return in.AddPageImages(page, images)
}

// AddPageImages is AddPagePictures for pictures found with their alt
// text or caption, which a name template's {alt} takes.
func (in *Intake) AddPageImages(page Page, images []pages.Image) ([]ID, []Rejected) {
	m := in.m
	m.mu.Lock()
	defer m.mu.Unlock()
	return in.addPagePictures(page, images)
}

// addPagePictures queues the pictures of one page and places them;
// Manager.mu is held.
func (in *Intake) addPagePictures(page Page, images []pages.Image) ([]ID, []Rejected) {
	m := in.m
	tmpl := strings.TrimSpace(m.limits.NameTemplate)
	if !m.limits.PageFolders && tmpl == "" {
		links := make([]string, len(images))
		for i, img := range images {
			links[i] = img.URL
		}
		return m.addLocked(links, page.URL)
	}
	folder := ""
	if m.limits.PageFolders {
		folder = pageFolder(page)
	}
	var ids []ID
	var rejected []Rejected
	today := time.Now()
	for i, img := range images {
		added, r := m.addLocked([]string{img.URL}, page.URL)
		rejected = append(rejected, r...)
		for _, id := range added {
			it := m.store.byID[id]
			it.subdir = folder
			if tmpl != "" {
				place := naming.Place{N: i + 1, Count: len(images), Host: it.link().Hostname(), Page: pageFolder(page), Alt: img.Alt, Date: today}
				it.pattern = place.Fill(tmpl)
			}
			ids = append(ids, id)
		}
	}
	return ids, rejected
}

// pageFolder is the folder for a page's pictures, and its {page} name: its
// title made safe, or without a title, a name made from its address.
func pageFolder(p Page) string {
	if name := naming.FolderName(p.Title); name != "" {
		return name
	}
	return naming.FolderName(addressName(p.URL))
}

// addressName names a page without a title by its site and last path
// segment, as in "example.com gallery".
func addressName(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return "page"
	}
	base := path.Base(strings.TrimSuffix(u.Path, "/"))
	if base == "." || base == "/" || base == "" {
		return u.Hostname()
	}
	return u.Hostname() + " " + strings.TrimSuffix(base, path.Ext(base))
}

// pageTitle is the title of the page the images were found on.
func pageTitle(images []pages.Image) string {
	if len(images) == 0 {
		return ""
	}
	return images[0].PageTitle
}
