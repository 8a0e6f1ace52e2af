package downloader

// ClearFinished removes Done, Skipped and Canceled items from the list
// (files on disk stay); it returns how many were removed. Failed items
// stay, with what went wrong and their Retry, until they are retried or
// removed one by one.
func (c *Controls) ClearFinished() int {
	return c.clearWhere(func(it *item) bool { return it.state.Final() && it.state != Failed })
}

// ClearFailed removes the Failed items from the list (what they saved of
// their files stays on disk); it returns how many were removed.
func (c *Controls) ClearFailed() int {
	return c.clearWhere(func(it *item) bool { return it.state == Failed })
}

// clearWhere removes the items gone says, all of them final; it returns
// how many were removed.
func (c *Controls) clearWhere(gone func(*item) bool) int {
	m := c.m
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
		c.remove(it, rev)
	}
	removed := len(m.store.items) - len(kept)
	clear(m.store.items[len(kept):])
	m.store.items = kept
	if removed == 0 {
		return 0
	}
	m.store.rev = rev
	c.pruneHosts(hit)
	m.names.Renumber()
	m.notifyLocked()
	return removed
}

// remove forgets an item taken off the list at revision rev; Manager.mu
// is held.
func (c *Controls) remove(it *item, rev uint64) {
	m := c.m
	m.journal.gone(it.raw)
	m.store.counts[it.state]--
	delete(m.store.byID, it.id)
	m.store.dropLink(it)
	m.secrets.forget(it.raw)
	if it.name != "" {
		m.names.Release(it.dir, it.name, it.id)
	}
	m.pictures.forget(it)
	m.store.forget(it, rev)
}

// pruneHosts drops the sites among hit that no item in the list
// uses any more, with their politeness state; a site with no item left
// has nothing downloading or waiting in line.
func (c *Controls) pruneHosts(hit map[string]bool) {
	m := c.m
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
