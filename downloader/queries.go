package downloader

// Snapshot copies every item's state, in the order they were added. It
// costs time in proportion to the list; SnapshotSince costs only what changed.
func (m *Manager) Snapshot() ([]ItemSnapshot, Summary) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	out := make([]ItemSnapshot, len(m.store.items))
	for i, it := range m.store.items {
		out[i] = m.queues.snapshot(it, now)
	}
	return out, m.summaryLocked()
}

// Item returns one item's snapshot.
func (m *Manager) Item(id ID) (ItemSnapshot, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	it := m.store.byID[id]
	if it == nil {
		return ItemSnapshot{}, false
	}
	return it.snapshot(m.now()), true
}

// Summary counts items by state, with total bytes and speed.
func (m *Manager) Summary() Summary {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.summaryLocked()
}
