package downloader

import (
	"errors"
	"io/fs"
	"time"
)

// Controls are the user's commands on items: pause, resume, cancel and
// try again, one item or all. They own no state of their own: each command
// takes the Manager's lock (Manager.mu) and moves items through the state
// table; a canceled item's temporary file is removed after the lock is
// let go (see removeDroppedPart). Clearing the list is in clear.go.
type Controls struct{ m *Manager }

// Controls are the user's commands on the items.
func (m *Manager) Controls() *Controls { return &m.controls }

// Pause stops an item at once and keeps its partial file; Resume continues it.
// It reports whether the item was pausable.
func (c *Controls) Pause(id ID) bool {
	m := c.m
	m.mu.Lock()
	defer m.mu.Unlock()
	it := m.store.byID[id]
	return it != nil && c.pauseByHand(it)
}

// pauseByHand pauses one item at the user's word: one the schedule held
// is the user's to resume from now on. Manager.mu is held.
func (c *Controls) pauseByHand(it *item) bool {
	if it.held {
		it.held = false
		c.m.markDirtyLocked(it)
	}
	return c.pause(it)
}

// pause pauses one item; Manager.mu is held.
func (c *Controls) pause(it *item) bool {
	switch it.state {
	case Active:
		it.cancel(errPaused)
		return true
	case Queued, Waiting:
		it.stopTimer()
		c.m.setStateLocked(it, Paused)
		return true
	}
	return false
}

// Resume queues a paused item again.
func (c *Controls) Resume(id ID) bool {
	m := c.m
	m.mu.Lock()
	defer m.mu.Unlock()
	it := m.store.byID[id]
	if it == nil || it.state != Paused {
		return false
	}
	m.requeueLocked(it)
	return true
}

// Cancel ends an item for good (until Retry) and removes its partial file.
func (c *Controls) Cancel(id ID) bool {
	m := c.m
	m.mu.Lock()
	it := m.store.byID[id]
	if it == nil {
		m.mu.Unlock()
		return false
	}
	switch it.state {
	case Active:
		it.cancel(errCanceled)
		m.mu.Unlock()
		return true
	case Queued, Waiting, Paused:
		it.stopTimer()
		part := it.dropPart()
		m.setStateLocked(it, Canceled)
		m.mu.Unlock()
		c.removeDroppedPart(it, part)
		return true
	}
	m.mu.Unlock()
	return false
}

// removeDroppedPart deletes a canceled item's partial file outside the
// manager's lock, while no temporary file is created. A file that cannot
// be removed stays the item's, for as long as it is canceled, so that it
// is removed on the next start.
func (c *Controls) removeDroppedPart(it *item, part string) {
	if part == "" {
		return
	}
	m := c.m
	err := m.disk.Remove(part)
	m.mu.Lock()
	defer m.mu.Unlock()
	if it.state != Canceled || it.ownsPart || it.partPath() != part {
		return // tried again meanwhile
	}
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		it.bytes.Store(0)
		m.store.touch(it)
		return
	}
	it.ownsPart = true
	m.markDirtyLocked(it)
}

// Retry queues a Failed or Canceled item again with a fresh count of tries.
func (c *Controls) Retry(id ID) bool {
	m := c.m
	m.mu.Lock()
	defer m.mu.Unlock()
	it := m.store.byID[id]
	return it != nil && c.retry(it)
}

// retry queues one item again; Manager.mu is held.
func (c *Controls) retry(it *item) bool {
	switch {
	case it.forgotten:
		c.fetchAgain(it)
	case it.state != Failed && it.state != Canceled:
		return false
	}
	it.failures, it.failedWith, it.throttled, it.shortages, it.err, it.finished = 0, 0, 0, 0, nil, time.Time{}
	if h := c.m.queues.byKey[it.host]; h != nil {
		h.refusals = 0 // judged down again only on new evidence
	}
	c.m.requeueLocked(it)
	return true
}

// PauseAll pauses every item that is not finished; it returns how many.
func (c *Controls) PauseAll() int {
	return c.each(c.pauseByHand)
}

// ResumeAll queues every paused item again; it returns how many.
func (c *Controls) ResumeAll() int {
	return c.each(func(it *item) bool {
		if it.state != Paused {
			return false
		}
		c.m.requeueLocked(it)
		return true
	})
}

// RetryFailed queues every failed item again; it returns how many.
func (c *Controls) RetryFailed() int {
	return c.each(func(it *item) bool { return it.state == Failed && c.retry(it) })
}

// each calls f on every item with Manager.mu held and counts the items
// it says it changed.
func (c *Controls) each(f func(*item) bool) int {
	m := c.m
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, it := range m.store.items {
		if f(it) {
			n++
		}
	}
	return n
}
