package items

// The journal (package journal) writes the items that changed, a chunk at
// a time, as records taken under the store's lock.

// Written takes the records of the items of a chunk the journal writes
// that are still in the list, and marks them written.
func (s *Store) Written(items []*Item) []Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Record, 0, len(items))
	for _, it := range items {
		it.dirty = false
		if s.byID[it.id] == it {
			out = append(out, it.record())
		}
	}
	return out
}

// Unwritten marks again the items a failed journal write carried, and the
// items of removed links that were added again since (written after their
// removal), and returns them.
func (s *Store) Unwritten(unwritten []*Item, unremoved []string) []*Item {
	s.mu.Lock()
	defer s.mu.Unlock()
	var again []*Item
	keep := func(it *Item) {
		if it != nil && !it.dirty && s.byID[it.id] == it {
			it.dirty = true
			again = append(again, it)
		}
	}
	for _, it := range unwritten {
		keep(it)
	}
	for _, raw := range unremoved {
		keep(s.byURL[raw])
	}
	return again
}

// Records returns every item as a Record, in list order.
func (s *Store) Records() []Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Record, len(s.items))
	for i, it := range s.items {
		out[i] = it.record()
	}
	return out
}
