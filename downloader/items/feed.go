package items

import (
	"cmp"
	"slices"
	"sort"
	"time"
)

// Delta is what changed in the list since a revision: the window asks
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
	// downloading item (their bytes and speed move all the time), in list
	// order.
	Items []Snapshot
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
	head, tail *Item
}

func (l *changeList) moveToBack(it *Item) {
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

func (l *changeList) unlink(it *Item) {
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

// feed is the list's change feed and totals: the revision each item last
// changed at, in the order they changed, the items removed, and each
// item's share of the totals. The store's lock guards it.
type feed struct {
	// rev counts changes; changes, removals and removedFloor let readers
	// ask for what changed since a revision (SnapshotSince).
	rev          uint64
	changes      changeList
	removals     []removal
	removedFloor uint64
	// active holds the downloading items; sums are the totals as last
	// counted.
	active map[*Item]struct{}
	sums   share
}

// touch gives the item a new revision and brings its share of the totals
// up to date; every change a reader can see goes through it.
func (f *feed) touch(it *Item) {
	f.rev++
	it.rev = f.rev
	f.changes.moveToBack(it)
	f.recount(it)
}

// forget takes a removed item out of the change list and the totals and
// logs its removal at rev for readers of SnapshotSince, keeping at most
// limit removals.
func (f *feed) forget(it *Item, rev uint64, limit int) {
	f.changes.unlink(it)
	f.uncount(it)
	delete(f.active, it)
	f.removals = append(f.removals, removal{id: it.id, rev: rev})
	if len(f.removals) > limit {
		drop := len(f.removals) - limit/2
		f.removedFloor = f.removals[drop-1].rev
		f.removals = slices.Delete(f.removals, 0, drop)
	}
}

// SnapshotSince returns what changed since the revision rev (0 for
// everything): the items added or changed, the downloading ones, and the
// ones removed. A Queued item's SlowedDown is as of its last change.
// running says the list's run is on.
func (s *Store) SnapshotSince(rev uint64, running bool) Delta {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	d := Delta{Rev: s.feed.rev, Summary: s.summaryLocked(running), Slowed: s.cfg.Sites.Statuses(now)}
	if rev == 0 || rev < s.feed.removedFloor || rev > s.feed.rev {
		d.Reset = true
		d.Items = make([]Snapshot, len(s.items))
		for i, it := range s.items {
			d.Items[i] = s.snapshot(it, now)
		}
		return d
	}
	changed := 0
	for it := s.feed.changes.tail; it != nil && it.rev > rev; it = it.prevChange {
		changed++
	}
	d.Items = make([]Snapshot, 0, changed+len(s.feed.active)) // 100,000 changed at once need no regrowing
	for it := s.feed.changes.tail; it != nil && it.rev > rev; it = it.prevChange {
		d.Items = append(d.Items, s.snapshot(it, now))
	}
	for it := range s.feed.active {
		if it.rev <= rev {
			d.Items = append(d.Items, s.snapshot(it, now))
		}
	}
	slices.SortFunc(d.Items, func(a, b Snapshot) int { return cmp.Compare(a.ID, b.ID) })
	first := sort.Search(len(s.feed.removals), func(i int) bool { return s.feed.removals[i].rev > rev })
	for _, r := range s.feed.removals[first:] {
		d.Removed = append(d.Removed, r.id)
	}
	return d
}

// snapshot copies one item, marking a queued item whose site asked us to
// slow down or gave its files for the day, with when the site takes
// requests again.
func (s *Store) snapshot(it *Item, now time.Time) Snapshot {
	sn := it.snapshot(now)
	if it.state == Queued {
		switch site, slowed := s.cfg.Sites.Slowed(it.host, now); {
		case slowed && site.PerDay > 0:
			sn.DayLimit, sn.RetryAt = site.PerDay, site.Until
		case slowed:
			sn.SlowedDown, sn.RetryAt = true, site.Until
		}
	}
	return sn
}

// Snapshot copies every item's state, in the order they were added. It
// costs time in proportion to the list; SnapshotSince costs only what changed.
func (s *Store) Snapshot(running bool) ([]Snapshot, Summary) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	out := make([]Snapshot, len(s.items))
	for i, it := range s.items {
		out[i] = s.snapshot(it, now)
	}
	return out, s.summaryLocked(running)
}

// Item returns one item's snapshot.
func (s *Store) Item(id ID) (Snapshot, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	it := s.byID[id]
	if it == nil {
		return Snapshot{}, false
	}
	return it.snapshot(s.cfg.Now()), true
}

// Summary counts items by state, with total bytes and speed.
func (s *Store) Summary(running bool) Summary {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.summaryLocked(running)
}

// Visit calls fn with a snapshot of each item, in the order they were
// added, and returns the summary of the same moment. Unlike Snapshot it
// keeps no list: a caller that needs a few items or a sum reads 100,000
// items without copying them all. fn runs with the list locked and must
// not call the engine.
func (s *Store) Visit(running bool, fn func(Snapshot)) Summary {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	for _, it := range s.items {
		fn(s.snapshot(it, now))
	}
	return s.summaryLocked(running)
}

// The totals of Summary are kept as the list changes instead of summed over
// every item on each call: each item remembers the share it added (its
// bytes and known size, unless Skipped or Canceled), and only downloading
// items, whose bytes move without the lock, are read again when asked.

// share is one item's part of the totals.
type share struct {
	bytes, expected int64
	sized, unsized  int32 // counts of items: 100,000 items each keep a share
}

func (s share) plus(o share) share {
	return share{s.bytes + o.bytes, s.expected + o.expected, s.sized + o.sized, s.unsized + o.unsized}
}

func (s share) minus(o share) share {
	return share{s.bytes - o.bytes, s.expected - o.expected, s.sized - o.sized, s.unsized - o.unsized}
}

// share is what the item adds to the totals now.
func (it *Item) share() share {
	if it.state == Skipped || it.state == Canceled {
		return share{}
	}
	b, t := it.bytes.Load(), it.total.Load()
	switch {
	case t >= 0 || it.state == Done:
		return share{bytes: b, expected: max(t, b), sized: 1}
	case !it.state.Final():
		return share{bytes: b, unsized: 1}
	}
	return share{bytes: b}
}

// recount replaces the item's share of the totals with its current one.
func (f *feed) recount(it *Item) {
	now := it.share()
	f.sums = f.sums.plus(now).minus(it.counted)
	it.counted = now
}

// uncount takes a removed item's share out of the totals.
func (f *feed) uncount(it *Item) {
	f.sums = f.sums.minus(it.counted)
	it.counted = share{}
}

// trackActive keeps the set of downloading items in step with a change of
// state.
func (f *feed) trackActive(it *Item, from, to State) {
	switch {
	case to == Active:
		f.active[it] = struct{}{}
	case from == Active:
		delete(f.active, it)
	}
}

// summaryLocked counts the items by state, with the totals and the speed;
// running says the list's run is on.
func (s *Store) summaryLocked(running bool) Summary {
	now := s.cfg.Now()
	c := s.counts
	sum := Summary{
		Total:  len(s.items),
		Queued: c[Queued], Active: c[Active], Waiting: c[Waiting], Paused: c[Paused],
		Done: c[Done], Failed: c[Failed], Skipped: c[Skipped], Canceled: c[Canceled],
		Running: running,
	}
	sums := s.feed.sums
	for it := range s.feed.active {
		sums = sums.plus(it.share()).minus(it.counted)
	}
	sum.Bytes, sum.Expected, sum.Sized, sum.Unsized = sums.bytes, sums.expected, int(sums.sized), int(sums.unsized)
	received := s.received.Load()
	sum.Received = received
	s.meter.record(now, received)
	sum.Speed = s.meter.rate(now, received)
	return sum
}

// add counts one item in state st.
func (sum *Summary) add(st State) {
	sum.Total++
	switch st {
	case Queued:
		sum.Queued++
	case Active:
		sum.Active++
	case Waiting:
		sum.Waiting++
	case Paused:
		sum.Paused++
	case Done:
		sum.Done++
	case Failed:
		sum.Failed++
	case Skipped:
		sum.Skipped++
	case Canceled:
		sum.Canceled++
	}
}
