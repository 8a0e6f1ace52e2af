package watch

import (
	"context"
	"sync"
	"time"

	"haul/downloader/clock"
)

// Result is what one check of a page found.
type Result struct {
	// New is how many new pictures were saved.
	New int
	// Failed is how many new pictures could not be saved.
	Failed int
	// NotAdded is how many new pictures were not added because the
	// check's list already held the most links a list takes.
	NotAdded int
	// Problem is why the page could not be read, "" when it could.
	Problem string
	// Cut says the page was longer than Haul reads: its pictures further
	// down were not looked for.
	Cut bool
}

// Checker checks one page: it reads it and saves the pictures its
// folder's archive does not hold.
type Checker func(ctx context.Context, p Page) Result

// Watcher checks the watched pages when they are due.
type Watcher struct {
	List  *List
	Clock clock.Clock
	Check Checker
	// Checked, when set, is told each check's page and result, after the
	// list recorded it.
	Checked func(Page, Result)
	// changed wakes Run when the list changed.
	changed chan struct{}
	// mu guards checked: when this watcher last checked each page, by
	// address, which stands even when the list could not record it.
	mu      sync.Mutex
	checked map[string]time.Time
}

// NewWatcher makes a watcher of list that checks with check.
func NewWatcher(list *List, clock clock.Clock, check Checker) *Watcher {
	return &Watcher{List: list, Clock: clock, Check: check, changed: make(chan struct{}, 1), checked: map[string]time.Time{}}
}

// pages reads the list, each page's last check the later of the list's
// and this watcher's own: a page checked whose check the list could not
// record (a full or read-only disk) is not due again until its time has
// passed.
func (w *Watcher) pages() ([]Page, error) {
	pages, err := w.List.Pages()
	w.mu.Lock()
	defer w.mu.Unlock()
	for i, p := range pages {
		if at := w.checked[p.URL]; at.After(p.Checked) {
			pages[i].Checked = at
		}
	}
	return pages, err
}

// noteChecked remembers that the page at url was checked at at.
func (w *Watcher) noteChecked(url string, at time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.checked[url] = at
}

// Changed tells a running watcher that the list changed (a page added or
// removed), so it looks at it again at once.
func (w *Watcher) Changed() {
	select {
	case w.changed <- struct{}{}:
	default:
	}
}

// CheckDue checks every page due now, one after the other, and returns
// the pages it checked and what each found, in the list's order; all
// checks every page, due or not. It stops early when ctx ends. A check the
// list cannot record is still done, and not due again before its time;
// the error says why the first one was not recorded.
func (w *Watcher) CheckDue(ctx context.Context, all bool) ([]Page, []Result, error) {
	pages, err := w.pages()
	if err != nil {
		return nil, nil, err
	}
	var checked []Page
	var results []Result
	var unrecorded error
	for _, p := range pages {
		if ctx.Err() != nil {
			break
		}
		if !all && !p.due(w.Clock.Now()) {
			continue
		}
		r := w.Check(ctx, p)
		if ctx.Err() != nil && r.New == 0 && r.Failed == 0 {
			break // stopped, not checked
		}
		at := w.Clock.Now()
		w.noteChecked(p.URL, at)
		if err := w.List.Record(p.URL, at, r); err != nil && unrecorded == nil {
			unrecorded = err
		}
		p.record(at, r)
		checked, results = append(checked, p), append(results, r)
		if w.Checked != nil {
			w.Checked(p, r)
		}
	}
	return checked, results, unrecorded
}

// Run checks every page at once, as when Haul starts, then each one again
// when its hours have passed, until ctx ends.
func (w *Watcher) Run(ctx context.Context) {
	all := true
	for ctx.Err() == nil {
		w.CheckDue(ctx, all)
		all = false
		select {
		case <-ctx.Done():
			return
		case <-w.changed:
		case <-w.Clock.After(w.untilNext()):
		}
	}
}

// untilNext is how long until the next page is due; an hour when no page
// is watched (a page added meanwhile wakes the watcher through Changed).
func (w *Watcher) untilNext() time.Duration {
	pages, err := w.pages()
	if err != nil || len(pages) == 0 {
		return time.Hour
	}
	now := w.Clock.Now()
	wait := time.Duration(1<<63 - 1)
	for _, p := range pages {
		wait = min(wait, max(p.next().Sub(now), 0))
	}
	return wait
}
