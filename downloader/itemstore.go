package downloader

import (
	"haul/downloader/disk"
	"haul/downloader/itemstate"
)

// itemStore is the part of the engine that holds the items: the list in
// queue order, found by id and by link, the counts of each state, the
// change feed SnapshotSince reads (changes.go) and the totals Summary
// reads (totals.go). It has no lock of its own: Manager.mu guards it, and
// its methods are called with Manager.mu held.
type itemStore struct {
	items  []*item
	byID   map[ID]*item
	byURL  map[string]*item
	counts [itemstate.NumStates]int
	// rev counts changes; changes, removals and removedFloor let readers
	// ask for what changed since a revision (SnapshotSince).
	rev          uint64
	changes      changeList
	removals     []removal
	removedFloor uint64
	removalCap   int // maxRemovals, lowered by tests
	// active holds the downloading items; sums are the totals as last
	// counted (see totals.go).
	active map[*item]struct{}
	sums   share
	nextID ID // the id of the last item made
	// noted finds the items by the sum of their link, for the files whose
	// note holds only that (see noteSums); made when first asked for, and
	// again once links were added or removed (linksRev counts them).
	noted             map[disk.LinkSum]struct{}
	notedAt, linksRev uint64
}

func newItemStore() itemStore {
	return itemStore{byID: map[ID]*item{}, byURL: map[string]*item{}, active: map[*item]struct{}{}, removalCap: maxRemovals}
}

// newItem makes the item of a checked link under key, of the site host.
func (s *itemStore) newItem(key, host string) *item {
	s.nextID++
	return newItem(s.nextID, key, host)
}

// add puts a new item at the end of the list.
func (s *itemStore) add(it *item) {
	s.items = append(s.items, it)
	s.byID[it.id] = it
	s.byURL[it.raw] = it
	s.linksRev++
	s.counts[it.state]++
	s.touch(it)
}

// dropLink forgets the link of an item taken off the list.
func (s *itemStore) dropLink(it *item) {
	delete(s.byURL, it.raw)
	s.linksRev++
}

// holdsNoted says an item of the list has the link the note t names.
func (s *itemStore) holdsNoted(t disk.Tag) bool {
	if !t.Compact() {
		key, ok := CanonicalLink(t.Link)
		_, held := s.byURL[key]
		return ok && held
	}
	if s.noted == nil || s.notedAt != s.linksRev {
		s.noted = make(map[disk.LinkSum]struct{}, len(s.byURL))
		for link := range s.byURL {
			s.noted[disk.SumOfLink(link)] = struct{}{}
		}
		s.notedAt = s.linksRev
	}
	_, held := s.noted[t.LinkSum()]
	return held
}

// move counts the item in its new state and keeps the set of downloading
// items in step; the state table has allowed the move.
func (s *itemStore) move(it *item, to State) {
	s.counts[it.state]--
	s.counts[to]++
	s.trackActive(it, it.state, to)
	it.state = to
}

// full says whether the list holds limit items or more, whatever their
// state: a finished item counts until it is cleared.
func (s *itemStore) full(limit int) bool {
	return len(s.items) >= limit
}
