package downloader

// Visit calls fn with a snapshot of each item, in the order they were
// added, and returns the summary of the same moment. Unlike Snapshot it
// keeps no list: a caller that needs a few items or a sum reads 100,000
// items without copying them all. fn runs with the manager locked and must
// not call the manager.
func (m *Manager) Visit(fn func(ItemSnapshot)) Summary {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	for _, it := range m.store.items {
		fn(m.queues.snapshot(it, now))
	}
	return m.summaryLocked()
}
