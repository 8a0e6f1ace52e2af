package downloader

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// Pause stops an item at once and keeps its partial file; Resume continues it.
// It reports whether the item was pausable.
func (m *Manager) Pause(id ID) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	it := m.store.byID[id]
	return it != nil && m.pauseLocked(it)
}

func (m *Manager) pauseLocked(it *item) bool {
	switch it.state {
	case Active:
		it.cancel(errPaused)
		return true
	case Queued, Waiting:
		m.stopTimerLocked(it)
		m.setStateLocked(it, Paused)
		return true
	}
	return false
}

// Resume queues a paused item again.
func (m *Manager) Resume(id ID) bool {
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
func (m *Manager) Cancel(id ID) bool {
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
		m.stopTimerLocked(it)
		part := m.dropPartLocked(it)
		m.setStateLocked(it, Canceled)
		m.mu.Unlock()
		m.removeDroppedPart(it, part)
		return true
	}
	m.mu.Unlock()
	return false
}

// dropPartLocked gives up the item's partial file, if it has one, and
// returns its path for removeDroppedPart: a try that starts meanwhile
// (a Retry) begins from byte 0 and never resumes the file being removed.
func (m *Manager) dropPartLocked(it *item) string {
	if it.name == "" || !it.ownsPart {
		return ""
	}
	it.ownsPart = false
	return it.partPath()
}

// removeDroppedPart deletes a canceled item's partial file outside the
// manager's lock, while no temporary file is created. A file that cannot
// be removed stays the item's, for as long as it is canceled, so that it
// is removed on the next start.
func (m *Manager) removeDroppedPart(it *item, part string) {
	if part == "" {
		return
	}
	m.createMu.Lock()
	err := os.Remove(part)
	m.createMu.Unlock()
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
func (m *Manager) Retry(id ID) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	it := m.store.byID[id]
	return it != nil && m.retryLocked(it)
}

func (m *Manager) retryLocked(it *item) bool {
	if it.state != Failed && it.state != Canceled {
		return false
	}
	it.failures, it.throttled, it.err, it.finished = 0, 0, nil, time.Time{}
	if h := m.queues.byKey[it.host]; h != nil {
		h.refusals = 0 // judged down again only on new evidence
	}
	m.requeueLocked(it)
	return true
}

// PauseAll pauses every item that is not finished; it returns how many.
func (m *Manager) PauseAll() int {
	return m.each(m.pauseLocked)
}

// ResumeAll queues every paused item again; it returns how many.
func (m *Manager) ResumeAll() int {
	return m.each(func(it *item) bool {
		if it.state != Paused {
			return false
		}
		m.requeueLocked(it)
		return true
	})
}

// RetryFailed queues every failed item again; it returns how many.
func (m *Manager) RetryFailed() int {
	return m.each(func(it *item) bool { return it.state == Failed && m.retryLocked(it) })
}

func (m *Manager) each(f func(*item) bool) int {
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

// SetLimits changes concurrency, per-site limit, rates, retries and the
// existing-file policy; running downloads adapt at once. Lowering the
// concurrency below the number of running downloads sends the ones started
// last back to the queue, keeping their partial files; it returns how many.
func (m *Manager) SetLimits(l Limits) int {
	if l.Concurrency <= 0 {
		l.Concurrency = m.opts.Concurrency
	}
	l.Concurrency = min(l.Concurrency, MaxConcurrency)
	l.PerHost = max(l.PerHost, 0)
	l.Retries = max(l.Retries, 0)
	m.mu.Lock()
	m.limits = l
	yielded := m.yieldExtraLocked(l.Concurrency)
	m.notifyLocked()
	m.mu.Unlock()
	m.gate.resize(l.Concurrency)
	m.rates.set(l)
	m.queues.book.SetMaxWait(l.SiteWait)
	return yielded
}

// yieldExtraLocked sends running downloads beyond limit back to the queue,
// the most recently added first; each keeps its partial file and resumes
// when a slot is free again. Files already received and being saved hold
// no download slot and are left to finish.
func (m *Manager) yieldExtraLocked(limit int) int {
	running := 0
	for _, it := range m.store.items {
		if it.downloadingLocked() {
			running++
		}
	}
	yielded := 0
	for i := len(m.store.items) - 1; i >= 0 && running > limit; i-- {
		it := m.store.items[i]
		if it.downloadingLocked() {
			it.yielding = true
			it.cancel(errYielded)
			running--
			yielded++
		}
	}
	return yielded
}

// downloadingLocked says the item is receiving its file in a download slot
// and has not been asked to yield it.
func (it *item) downloadingLocked() bool {
	return it.state == Active && it.cancel != nil && !it.yielding && it.holdsSlot
}

// IdleTimeout is how long an attempt may receive nothing before it is
// abandoned and tried again.
func (m *Manager) IdleTimeout() time.Duration { return m.opts.IdleTimeout }

// Limits returns the settings in force.
func (m *Manager) Limits() Limits {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.limits
}

func (m *Manager) stopTimerLocked(it *item) {
	if it.timer != nil {
		it.timer.Stop()
		it.timer = nil
	}
	it.retryAt = time.Time{}
}

// removePartLocked deletes the item's partial file, if it has one.
func (m *Manager) removePartLocked(it *item) {
	if it.name == "" || !it.ownsPart {
		return
	}
	if err := os.Remove(it.partPath()); err == nil || os.IsNotExist(err) {
		it.ownsPart, it.holes = false, nil
		it.bytes.Store(0)
	}
}

// Snapshot copies every item's state, in the order they were added. It
// costs time in proportion to the list; SnapshotSince costs only what changed.
func (m *Manager) Snapshot() ([]ItemSnapshot, Summary) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	out := make([]ItemSnapshot, len(m.store.items))
	for i, it := range m.store.items {
		out[i] = m.snapshotLocked(it, now)
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
