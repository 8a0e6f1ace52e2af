package downloader

// ClearFinished removes Done, Skipped and Canceled items from the list
// (files on disk stay); it returns how many were removed. Failed items
// stay, with what went wrong and their Retry, until they are retried or
// removed one by one.
func (m *Manager) ClearFinished() int {
	return m.clearWhere(func(it *item) bool { return it.state.Final() && it.state != Failed })
}

// ClearFailed removes the Failed items from the list (what they saved of
// their files stays on disk); it returns how many were removed.
func (m *Manager) ClearFailed() int {
	return m.clearWhere(func(it *item) bool { return it.state == Failed })
}

// clearWhere removes the items gone says, all of them final; it returns
// how many were removed.
func (m *Manager) clearWhere(gone func(*item) bool) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	kept := m.store.items[:0]
	rev := m.store.rev + 1
	hit := map[string]bool{}
	for _, it := range m.store.items {
		if !gone(it) {
			kept = append(kept, it)
			continue
		}
		hit[it.host] = true
		m.removeLocked(it, rev)
	}
	removed := len(m.store.items) - len(kept)
	clear(m.store.items[len(kept):])
	m.store.items = kept
	if removed == 0 {
		return 0
	}
	m.store.rev = rev
	m.pruneHostsLocked(hit)
	m.names.renumber()
	m.notifyLocked()
	return removed
}

// removeLocked forgets an item taken off the list at revision rev.
func (m *Manager) removeLocked(it *item, rev uint64) {
	m.journal.gone(it.raw)
	m.store.counts[it.state]--
	delete(m.store.byID, it.id)
	delete(m.store.byURL, it.raw)
	m.secrets.forget(it.raw)
	if it.name != "" {
		m.names.release(it.dir, it.name, it.id)
	}
	if it.hash != "" && m.hashes[it.hash] == it {
		delete(m.hashes, it.hash)
	}
	m.store.forget(it, rev)
}

// pruneHostsLocked drops the sites among hit that no item in the list
// uses any more, with their politeness state; a site with no item left
// has nothing downloading or waiting in line.
func (m *Manager) pruneHostsLocked(hit map[string]bool) {
	for _, it := range m.store.items {
		if len(hit) == 0 {
			return
		}
		delete(hit, it.host)
	}
	if len(hit) == 0 {
		return
	}
	m.queues.drop(hit)
}
