package gui

import (
	"cmp"
	"slices"

	"haul/downloader"
)

// rowModel is what the list shows: one engine snapshot per item, in queue
// order, which is the order of IDs. Snapshots are compact (their strings
// are shared with the engine); the words and numbers a row shows are
// worked out only for the rows on screen, when they are drawn. It is owned
// by the UI thread.
type rowModel struct {
	items []downloader.ItemSnapshot
}

// len is the number of rows.
func (r *rowModel) len() int { return len(r.items) }

// at is row i's item.
func (r *rowModel) at(i int) downloader.ItemSnapshot { return r.items[i] }

// apply brings the model up to date with an update from the refresh loop;
// it reports whether rows were added or removed.
func (r *rowModel) apply(upd update) bool {
	if upd.reset {
		r.items = upd.items
		return true
	}
	shape := r.remove(upd.removed)
	for _, s := range upd.items {
		if n := len(r.items); n == 0 || s.ID > r.items[n-1].ID {
			r.items = append(r.items, s)
			shape = true
			continue
		}
		if i, ok := r.find(s.ID); ok {
			r.items[i] = s
		}
	}
	return shape
}

// remove drops the rows of removed items in one pass.
func (r *rowModel) remove(ids []downloader.ID) bool {
	if len(ids) == 0 {
		return false
	}
	gone := make(map[downloader.ID]bool, len(ids))
	for _, id := range ids {
		gone[id] = true
	}
	r.items = slices.DeleteFunc(r.items, func(s downloader.ItemSnapshot) bool { return gone[s.ID] })
	return true
}

// find returns the row of the item id.
func (r *rowModel) find(id downloader.ID) (int, bool) {
	return slices.BinarySearchFunc(r.items, id, func(s downloader.ItemSnapshot, id downloader.ID) int {
		return cmp.Compare(s.ID, id)
	})
}
