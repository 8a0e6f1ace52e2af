package downloader

import (
	"cmp"
	"slices"
	"sort"
)

// Delta is what changed in the queue since a revision: the window asks
// for it on every refresh, so its cost follows the number of changes, not
// the size of the list.
type Delta struct {
	// Rev is the revision this delta brings the reader up to; pass it to
	// the next SnapshotSince.
	Rev uint64
	// Reset says the reader's revision was zero or too old to bring up to
	// date: Items then holds every item and the reader starts over.
	Reset bool
	// Items holds the items added or changed since the revision, plus every
	// downloading item (their bytes and speed move all the time), in queue
	// order.
	Items []ItemSnapshot
	// Removed lists the items taken off the list since the revision.
	Removed []ID
	// Summary is the whole list's summary, as for Summary.
	Summary Summary
	// Slowed are the sites Haul holds back, with what it learned of their limits.
	Slowed []SiteSlowed
}

// removal notes that an item left the list at a revision.
type removal struct {
	id  ID
	rev uint64
}

// maxRemovals bounds the log of removed items; a reader that fell further
// behind gets a reset.
const maxRemovals = 1 << 16

// changeList keeps items in the order they last changed, the newest last,
// so the items changed since a revision are found by walking back from the
// newest until an older one.
type changeList struct {
	head, tail *item
}

func (l *changeList) moveToBack(it *item) {
	if l.tail == it {
		return
	}
	l.unlink(it)
	it.prevChange = l.tail
	if l.tail != nil {
		l.tail.nextChange = it
	} else {
		l.head = it
	}
	l.tail = it
}

func (l *changeList) unlink(it *item) {
	switch {
	case it.prevChange != nil:
		it.prevChange.nextChange = it.nextChange
	case l.head == it:
		l.head = it.nextChange
	default:
		return // not in the list
	}
	if it.nextChange != nil {
		it.nextChange.prevChange = it.prevChange
	} else {
		l.tail = it.prevChange
	}
	it.prevChange, it.nextChange = nil, nil
}

// touch gives the item a new revision and brings its share of the totals
// up to date; every change a reader can see goes through it.
func (s *itemStore) touch(it *item) {
	s.rev++
	it.rev = s.rev
	s.changes.moveToBack(it)
	s.recount(it)
}

// forget takes a removed item out of the change list and the totals and
// logs its removal for readers of SnapshotSince.
func (s *itemStore) forget(it *item, rev uint64) {
	s.changes.unlink(it)
	s.uncount(it)
	delete(s.active, it)
	s.removals = append(s.removals, removal{id: it.id, rev: rev})
	if len(s.removals) > s.removalCap {
		drop := len(s.removals) - s.removalCap/2
		s.removedFloor = s.removals[drop-1].rev
		s.removals = slices.Delete(s.removals, 0, drop)
	}
}

// SnapshotSince returns what changed since the revision rev (0 for
// everything): the items added or changed, the downloading ones, and the
// ones removed. A Queued item's SlowedDown is as of its last change.
func (m *Manager) SnapshotSince(rev uint64) Delta {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	d := Delta{Rev: m.store.rev, Summary: m.summaryLocked(), Slowed: m.queues.book.Statuses(now)}
	if rev == 0 || rev < m.store.removedFloor || rev > m.store.rev {
		d.Reset = true
		d.Items = make([]ItemSnapshot, len(m.store.items))
		for i, it := range m.store.items {
			d.Items[i] = m.queues.snapshot(it, now)
		}
		return d
	}
	changed := 0
	for it := m.store.changes.tail; it != nil && it.rev > rev; it = it.prevChange {
		changed++
	}
	d.Items = make([]ItemSnapshot, 0, changed+len(m.store.active)) // 100,000 changed at once need no regrowing
	for it := m.store.changes.tail; it != nil && it.rev > rev; it = it.prevChange {
		d.Items = append(d.Items, m.queues.snapshot(it, now))
	}
	for it := range m.store.active {
		if it.rev <= rev {
			d.Items = append(d.Items, m.queues.snapshot(it, now))
		}
	}
	slices.SortFunc(d.Items, func(a, b ItemSnapshot) int { return cmp.Compare(a.ID, b.ID) })
	first := sort.Search(len(m.store.removals), func(i int) bool { return m.store.removals[i].rev > rev })
	for _, r := range m.store.removals[first:] {
		d.Removed = append(d.Removed, r.id)
	}
	return d
}
