package items

import (
	"context"
	"net/url"
	"path"
	"path/filepath"
	"strings"
	"time"

	"haul/downloader/itemstate"
	"haul/downloader/links"
	"haul/downloader/naming"
	"haul/downloader/pages"
	"haul/downloader/try"
)

// Intake is one way links come into the list, with the site lines of its
// queued items. The list's own intake (Store.Main) takes the links added
// by hand, pasted, read from files, picked on pages and handed over by the
// browser; a way in with a run of its own (a watched page's check, see
// Store.NewIntake) has an intake of its own, into its own folder, whose
// items start even when the list's run is stopped. Every intake's items
// are the list's: one engine, one set of limits, one archive. Its fields
// are guarded by the store's lock.
type Intake struct {
	s   *Store
	dir string // the folder its items are saved in; "" for the list's folder
	own bool   // it has a run of its own
	// running says its own run is on; left counts its items on the way
	// (Queued, Active, Waiting), ids its items, for what its run brought.
	running bool
	left    int
	ids     []ID
	lines   lines
}

func newIntake(s *Store, dir string, own bool) *Intake {
	return &Intake{s: s, dir: dir, own: own, lines: lines{byKey: map[string]*siteLine{}}}
}

// NewIntake makes a way in with a run of its own, whose items are saved
// into dir (see Intake).
func (s *Store) NewIntake(dir string) *Intake {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := newIntake(s, dir, true)
	s.intakes = append(s.intakes, in)
	return in
}

// Dir is the folder the intake's items are saved in; "" for the list's
// folder.
func (in *Intake) Dir() string { return in.dir }

// Rejected is a link that was not added, with the reason.
type Rejected struct {
	URL    string
	Reason links.Reason
	// Duplicate says the link is already in the list (not an error).
	Duplicate bool
}

// ListFull counts the links of rejected that were not added because the
// list was full (links.ReasonListFull), so that whoever added them can say
// so once, not once per link.
func ListFull(rejected []Rejected) int {
	n := 0
	for _, r := range rejected {
		if r.Reason == links.ReasonListFull {
			n++
		}
	}
	return n
}

// Page is a web page on which pictures were found.
type Page struct {
	URL   string
	Title string // the page's <title>, "" when it has none
}

// Placement is where the pictures of a page go.
type Placement struct {
	// PageFolders saves them in a folder named after the page's title.
	PageFolders bool
	// NameTemplate names them, as in "{page} {n}.{ext}"; "" keeps their
	// own names.
	NameTemplate string
}

// Add queues links. Links that are not http(s), cannot be parsed or are
// already in the list come back as Rejected, each with a reason; a
// finished item whose link was forgotten (see Controls.Forgotten) is
// queued again instead, and its ID returned. Once the list holds its most
// items, finished ones included, a new link is Rejected as
// links.ReasonListFull (see ListFull).
func (in *Intake) Add(links ...string) ([]ID, []Rejected) {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.add(in, links, "")
}

// AddFromPage queues pictures found on a web page: they are requested with
// the page as Referer (unless NoPageReferer) and must really be pictures.
func (in *Intake) AddFromPage(page string, links ...string) ([]ID, []Rejected) {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.add(in, links, page)
}

// AddPagePictures queues pictures found on a web page, as AddFromPage does,
// and gives them their place as Placement says when they are added: with
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
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return in.addPagePictures(page, images)
}

// addPagePictures queues the pictures of one page and places them; the
// store's lock is held.
func (in *Intake) addPagePictures(page Page, images []pages.Image) ([]ID, []Rejected) {
	s := in.s
	p := s.cfg.Placement()
	tmpl := strings.TrimSpace(p.NameTemplate)
	if !p.PageFolders && tmpl == "" {
		links := make([]string, len(images))
		for i, img := range images {
			links[i] = img.URL
		}
		return s.add(in, links, page.URL)
	}
	folder := ""
	if p.PageFolders {
		folder = pageFolder(page)
	}
	var ids []ID
	var rejected []Rejected
	today := time.Now()
	for i, img := range images {
		added, r := s.add(in, []string{img.URL}, page.URL)
		rejected = append(rejected, r...)
		for _, id := range added {
			it := s.byID[id]
			it.subdir = folder
			if in.dir != "" {
				it.dir = filepath.Join(in.dir, folder)
			}
			if tmpl != "" {
				place := naming.Place{N: i + 1, Count: len(images), Host: it.link().Hostname(), Page: pageFolder(page), Alt: img.Alt, Date: today}
				it.pattern = place.Fill(tmpl)
			}
			ids = append(ids, id)
		}
	}
	return ids, rejected
}

// pageDone ends a page item and, unless the app lets the user choose,
// queues the pictures chosen on it (see pages.Image.Chosen) with the page
// as Referer; its note says how many pictures it had, and how many a full
// list left out. The store's lock is held.
func (in *Intake) pageDone(it *Item, found *try.PageFound) {
	s := in.s
	note := &Note{Kind: itemstate.NotePage, Count: len(found.Images)}
	if !s.cfg.ChoosePagePictures {
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
	s.setState(it, Skipped)
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

// takesAgain says a link already in the list, as the item had, is to be
// fetched again when it comes in again here: an item whose link was taken
// out of the download archive (forgotten). An intake with a run of its own
// (a watched page's check) leaves the list's items to the list.
func (in *Intake) takesAgain(had *Item) bool { return !in.own && had.forgotten }

// added notes a new item of the intake.
func (in *Intake) added(it *Item) {
	if in.own {
		in.ids = append(in.ids, it.id)
	}
}

// Begin starts the intake's own run: its items start even when the
// list's run is stopped.
func (in *Intake) Begin() {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	in.running = true
	s.notifyLocked()
}

// WaitIdle waits until none of the intake's items is on the way (Queued,
// Active or Waiting), or until ctx ends or stopped says the run was
// stopped, and returns the summary of its items.
func (in *Intake) WaitIdle(ctx context.Context, stopped func() bool) Summary {
	s := in.s
	stop := context.AfterFunc(ctx, in.wake)
	defer stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for in.left > 0 && ctx.Err() == nil && !stopped() {
		s.cond.Wait()
	}
	return in.summaryLocked()
}

// wake wakes WaitIdle.
func (in *Intake) wake() {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cond.Broadcast()
}

// End ends the intake's own run; its items left on the way join the
// list's own intake, to start with the list's run.
func (in *Intake) End() {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	in.running = false
	for _, id := range in.ids {
		it := s.byID[id]
		if it == nil || it.src != in {
			continue
		}
		it.src = s.main
		s.main.entered(it.state)
		if it.inQueue {
			it.inQueue = false
			s.main.lines.enqueue(it)
		}
	}
	in.left, in.lines = 0, lines{byKey: map[string]*siteLine{}}
	for i, other := range s.intakes {
		if other == in {
			s.intakes = append(s.intakes[:i], s.intakes[i+1:]...)
			break
		}
	}
	s.rr = 0
}

// summaryLocked counts the intake's items by state.
func (in *Intake) summaryLocked() Summary {
	var sum Summary
	for _, id := range in.ids {
		if it := in.s.byID[id]; it != nil {
			sum.add(it.state)
		}
	}
	return sum
}
