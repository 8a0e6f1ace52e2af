package gui

import (
	"cmp"
	"slices"

	"haul/downloader"
	"haul/downloader/pages"
	"haul/downloader/record"
)

// rowModel is what the list shows, in queue order, which is the order of
// IDs: one compact rowItem per item, and the full snapshot of the few items
// being downloaded or waiting for another try, whose rows show a speed, a
// time left or a countdown. The words and numbers a row shows are worked
// out only for the rows on screen, when they are drawn. It is owned by the
// UI thread.
type rowModel struct {
	items []rowItem
	live  map[downloader.ID]downloader.ItemSnapshot
	// moved says a row was moved to the top or the bottom by hand: the
	// list then shows the rows by rank, not in the order of their IDs.
	moved bool
}

// rowItem is what a row needs of a finished, queued or paused item: about
// a third of a full snapshot, so 100,000 rows cost about 10 MB. Its strings
// are shared with the engine's item.
type rowItem struct {
	id                 downloader.ID
	url, name, path    string
	err                *downloader.ItemError
	note               *downloader.Note
	extra              *rowExtra
	bytes, total       int64
	attempts, failures int32
	state              downloader.State
	forgotten, held    bool
}

// rowExtra is what few rows have: the cell a link was read from, the
// name given by hand, the place in the list it was moved to, the
// full-size picture saved in place of the small one linked and its size.
type rowExtra struct {
	place, given  string
	rank          int64
	original      record.Original
	width, height int
}

// newRowItem keeps what a row needs of s.
func newRowItem(s *downloader.ItemSnapshot) rowItem {
	it := rowItem{
		id: s.ID, url: s.URL, name: s.Name, path: s.Path, err: s.Err,
		bytes: s.Bytes, total: s.Total, attempts: int32(s.Attempts), failures: int32(s.Failures), state: s.State,
		forgotten: s.Forgotten, held: s.Held,
	}
	if !s.Note.IsZero() {
		note := s.Note
		it.note = &note
	}
	if s.Place != "" || s.Given != "" || s.Rank != 0 && s.Rank != 2*int64(s.ID) || s.Original.URL != "" {
		it.extra = &rowExtra{place: s.Place, given: s.Given, rank: s.Rank, original: s.Original}
		if s.Original.URL != "" {
			it.extra.width, it.extra.height = s.Width, s.Height
		}
	}
	return it
}

// rank is the item's place in the list (see downloader.ItemSnapshot.Rank).
func (it *rowItem) rank() int64 {
	if it.extra != nil && it.extra.rank != 0 {
		return it.extra.rank
	}
	return 2 * int64(it.id)
}

// snapshot gives the row back as a snapshot; fields a row never shows
// for a finished, queued or paused item are left zero.
func (it *rowItem) snapshot() downloader.ItemSnapshot {
	s := downloader.ItemSnapshot{
		ID: it.id, URL: it.url, Name: it.name, Path: it.path, Err: it.err, State: it.state,
		Bytes: it.bytes, Total: it.total, Attempts: int(it.attempts), Failures: int(it.failures),
		Forgotten: it.forgotten, Held: it.held,
	}
	if it.note != nil {
		s.Note = *it.note
	}
	if it.extra != nil {
		s.Place, s.Given, s.Rank = it.extra.place, it.extra.given, it.extra.rank
		s.Original, s.Width, s.Height = it.extra.original, it.extra.width, it.extra.height
	}
	return s
}

// showsLive says whether a row in state st shows what only a full
// snapshot has: a speed, a time left, a countdown.
func showsLive(st downloader.State) bool {
	return st == downloader.Active || st == downloader.Waiting
}

// changes are the items added or changed since the last refresh, made
// compact by the refresh loop, so that the engine's full snapshots of a
// long list (300 bytes an item) are let go before the UI thread takes them.
type changes struct {
	// rows are the items added or changed, in queue order.
	rows []rowItem
	// live are the full snapshots of those that are downloading or waiting.
	live []downloader.ItemSnapshot
}

// compact turns the engine's snapshots of changed items into changes.
func compact(items []downloader.ItemSnapshot) changes {
	c := changes{rows: make([]rowItem, len(items))}
	for i := range items {
		c.rows[i] = newRowItem(&items[i])
		if showsLive(items[i].State) {
			c.live = append(c.live, items[i])
		}
	}
	return c
}

// len is the number of rows.
func (r *rowModel) len() int { return len(r.items) }

// id is row i's item.
func (r *rowModel) id(i int) downloader.ID { return r.items[i].id }

// at is row i's item as a snapshot.
func (r *rowModel) at(i int) downloader.ItemSnapshot {
	it := &r.items[i]
	if s, ok := r.live[it.id]; ok {
		return s
	}
	return it.snapshot()
}

// apply brings the model up to date with an update from the refresh loop;
// it reports whether rows were added or removed.
func (r *rowModel) apply(upd update) bool {
	if upd.reset {
		r.items, r.live, r.moved = upd.rows, nil, false
	}
	shape := r.remove(upd.removed) || upd.reset
	for _, it := range upd.rows {
		r.moved = r.moved || it.rank() != 2*int64(it.id)
		if !showsLive(it.state) {
			delete(r.live, it.id)
		}
		if upd.reset {
			continue
		}
		if n := len(r.items); n == 0 || it.id > r.items[n-1].id {
			r.items = append(r.items, it)
			shape = true
			continue
		}
		if i, ok := r.find(it.id); ok {
			r.items[i] = it
		}
	}
	r.keepLive(upd.live)
	return shape
}

// keepLive keeps the full snapshots of items whose rows show a speed or a
// countdown; apply lets them go when the items move on.
func (r *rowModel) keepLive(live []downloader.ItemSnapshot) {
	if len(live) > 0 && r.live == nil {
		r.live = make(map[downloader.ID]downloader.ItemSnapshot, len(live))
	}
	for _, s := range live {
		r.live[s.ID] = s
	}
}

// remove drops the rows of removed items in one pass.
func (r *rowModel) remove(ids []downloader.ID) bool {
	if len(ids) == 0 {
		return false
	}
	gone := make(map[downloader.ID]bool, len(ids))
	for _, id := range ids {
		gone[id] = true
		delete(r.live, id)
	}
	r.items = slices.DeleteFunc(r.items, func(it rowItem) bool { return gone[it.id] })
	return true
}

// find returns the row of the item id.
func (r *rowModel) find(id downloader.ID) (int, bool) {
	return slices.BinarySearchFunc(r.items, id, func(it rowItem, id downloader.ID) int {
		return cmp.Compare(it.id, id)
	})
}

// missing counts the pictures not in the list.
func (r *rowModel) missing(images []pages.Image) int {
	in := make(map[string]bool, len(r.items))
	for i := range r.items {
		in[r.items[i].url] = true
	}
	n := 0
	for _, img := range images {
		key, ok := downloader.CanonicalLink(img.URL)
		if !ok || !in[key] {
			n++
		}
	}
	return n
}
