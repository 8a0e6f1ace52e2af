package gui

import (
	"cmp"
	"slices"

	"haul/downloader"
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
}

// rowItem is what a row needs of a finished, queued or paused item: about
// a third of a full snapshot, so 100,000 rows cost about 10 MB. Its strings
// are shared with the engine's item.
type rowItem struct {
	id                 downloader.ID
	url, name, path    string
	err                *downloader.ItemError
	note               *downloader.Note
	bytes, total       int64
	attempts, failures int32
	state              downloader.State
}

// newRowItem keeps what a row needs of s.
func newRowItem(s *downloader.ItemSnapshot) rowItem {
	it := rowItem{
		id: s.ID, url: s.URL, name: s.Name, path: s.Path, err: s.Err,
		bytes: s.Bytes, total: s.Total, attempts: int32(s.Attempts), failures: int32(s.Failures), state: s.State,
	}
	if !s.Note.IsZero() {
		note := s.Note
		it.note = &note
	}
	return it
}

// snapshot gives the row back as a snapshot; fields a row never shows
// for a finished, queued or paused item are left zero.
func (it *rowItem) snapshot() downloader.ItemSnapshot {
	s := downloader.ItemSnapshot{
		ID: it.id, URL: it.url, Name: it.name, Path: it.path, Err: it.err, State: it.state,
		Bytes: it.bytes, Total: it.total, Attempts: int(it.attempts), Failures: int(it.failures),
	}
	if it.note != nil {
		s.Note = *it.note
	}
	return s
}

// showsLive says whether a row in state st shows what only a full
// snapshot has: a speed, a time left, a countdown.
func showsLive(st downloader.State) bool {
	return st == downloader.Active || st == downloader.Waiting
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
		r.items = make([]rowItem, 0, len(upd.items))
		r.live = nil
	}
	shape := r.remove(upd.removed) || upd.reset
	for i := range upd.items {
		s := &upd.items[i]
		r.keepLive(s)
		if n := len(r.items); n == 0 || s.ID > r.items[n-1].id {
			r.items = append(r.items, newRowItem(s))
			shape = true
			continue
		}
		if i, ok := r.find(s.ID); ok {
			r.items[i] = newRowItem(s)
		}
	}
	return shape
}

// keepLive keeps the full snapshot of an item whose row shows a speed or a
// countdown, and lets it go when the item moves on.
func (r *rowModel) keepLive(s *downloader.ItemSnapshot) {
	if !showsLive(s.State) {
		delete(r.live, s.ID)
		return
	}
	if r.live == nil {
		r.live = map[downloader.ID]downloader.ItemSnapshot{}
	}
	r.live[s.ID] = *s
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
