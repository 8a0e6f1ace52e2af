package downloader

import "time"

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
	slots := min(l.Concurrency, m.files.Downloads) // the open-file limit may allow fewer
	yielded := m.store.yieldBeyond(slots)
	m.notifyLocked()
	m.mu.Unlock()
	m.gate.resize(slots)
	m.rates.Set(l.RequestsPerSec, l.BytesPerSec)
	m.queues.book.SetMaxWait(l.SiteWait)
	m.net.SetNoPageReferer(l.NoPageReferer)
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

// perHost is the user's per-site limit, which defaults to the global one.
func (l Limits) perHost() int {
	if l.PerHost > 0 {
		return min(l.PerHost, l.Concurrency)
	}
	return l.Concurrency
}

// yieldBeyond sends running downloads beyond limit back to the queue,
// the most recently added first; each keeps its partial file and resumes
// when a slot is free again. Files already received and being saved hold
// no download slot and are left to finish.
func (s *itemStore) yieldBeyond(limit int) int {
	running := 0
	for _, it := range s.items {
		if it.downloadingLocked() {
			running++
		}
	}
	yielded := 0
	for i := len(s.items) - 1; i >= 0 && running > limit; i-- {
		it := s.items[i]
		if it.downloadingLocked() {
			it.yielding = true
			it.cancel(errYielded)
			running--
			yielded++
		}
	}
	return yielded
}
