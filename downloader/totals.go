package downloader

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
func (it *item) share() share {
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
func (s *itemStore) recount(it *item) {
	now := it.share()
	s.sums = s.sums.plus(now).minus(it.counted)
	it.counted = now
}

// uncount takes a removed item's share out of the totals.
func (s *itemStore) uncount(it *item) {
	s.sums = s.sums.minus(it.counted)
	it.counted = share{}
}

// trackActive keeps the set of downloading items in step with a change of
// state.
func (s *itemStore) trackActive(it *item, from, to State) {
	switch {
	case to == Active:
		s.active[it] = struct{}{}
	case from == Active:
		delete(s.active, it)
	}
}

func (m *Manager) summaryLocked() Summary {
	now := m.now()
	c := m.store.counts
	s := Summary{
		Total:  len(m.store.items),
		Queued: c[Queued], Active: c[Active], Waiting: c[Waiting], Paused: c[Paused],
		Done: c[Done], Failed: c[Failed], Skipped: c[Skipped], Canceled: c[Canceled],
		Running: m.running,
	}
	sums := m.store.sums
	for it := range m.store.active {
		sums = sums.plus(it.share()).minus(it.counted)
	}
	s.Bytes, s.Expected, s.Sized, s.Unsized = sums.bytes, sums.expected, int(sums.sized), int(sums.unsized)
	received := m.received.Load()
	s.Received = received
	m.meter.record(now, received)
	s.Speed = m.meter.rate(now, received)
	return s
}
