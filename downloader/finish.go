package downloader

import (
	"context"
	"errors"
	"time"
)

// finish moves the item on after an attempt: to a final state, to Waiting
// before another attempt, or back to Paused/Queued when it was interrupted.
func (m *Manager) finish(ctx context.Context, it *item, out outcome) {
	m.mu.Lock()
	defer m.mu.Unlock()
	h := m.hosts[it.host]
	inFlight := h.active
	m.releaseSlotLocked(it)
	if ctx.Err() == nil && (out.done || out.verdict.err != nil) {
		h.pace.observe(out.verdict.slowDown)
		if out.verdict.slowDown {
			h.pace.refused(m.now(), out.verdict.err.Status, inFlight, m.perHostLocked(), out.verdict.minWait)
		}
	}
	it.cancel = nil
	if out.progress {
		it.failures = 0
	}
	cause := context.Cause(ctx)
	switch {
	case out.done:
		it.bytes.Store(max(it.bytes.Load(), it.total.Load()))
		it.err = nil
		m.setStateLocked(it, Done)
	case out.page != nil:
		m.pageDoneLocked(it, out.page)
	case out.skipped:
		m.setStateLocked(it, Skipped)
	case errors.Is(cause, errPaused):
		m.setStateLocked(it, Paused)
	case errors.Is(cause, errCanceled):
		m.removePartLocked(it)
		m.setStateLocked(it, Canceled)
	case ctx.Err() != nil:
		m.requeueLocked(it)
	case out.verdict.err == nil:
		out.verdict = verdict{retry: true, err: &ItemError{Kind: ErrServer, Reason: ReasonUnknown}}
		m.retryLaterLocked(it, out)
	case out.verdict.err.Kind == ErrDisk && !out.verdict.retry:
		m.failLocked(it, out.verdict.err, false)
		m.failQueuedLocked(out.verdict.err)
	case out.verdict.retry:
		m.retryLaterLocked(it, out)
	default:
		m.failLocked(it, out.verdict.err, true)
	}
	m.notifyLocked()
}

// retryLaterLocked schedules the next attempt, or fails the item when it
// has used its tries or the site asks for a wait longer than we honour.
func (m *Manager) retryLaterLocked(it *item, out outcome) {
	v := out.verdict
	it.failures++
	if it.failures > m.limits.Retries {
		m.failLocked(it, gaveUp(v.err, it.failures), false)
		return
	}
	if v.minWait > m.opts.MaxRetryAfter {
		tooLong := *v.err
		tooLong.Wait = v.minWait
		m.failLocked(it, &tooLong, false)
		return
	}
	it.err, it.slowedDown = v.err, v.slowDown
	if out.now || resumeAtOnce(out, it.total.Load()) {
		m.requeueLocked(it)
		it.err = v.err
		return
	}
	wait := backoff(m.opts.BackoffBase, m.opts.BackoffMax, it.failures+1, v.minWait)
	it.retryAt = m.now().Add(wait)
	m.setStateLocked(it, Waiting)
	var t *time.Timer
	t = time.AfterFunc(wait, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if it.state == Waiting && it.timer == t {
			it.timer = nil
			m.requeueLocked(it)
		}
	})
	it.timer = t
}

// failLocked ends the item as Failed; permanent failures also drop the
// partial file, while retryable ones keep it so a Retry can resume.
func (m *Manager) failLocked(it *item, err *ItemError, permanent bool) {
	it.err = err
	if permanent {
		m.removePartLocked(it)
	}
	m.setStateLocked(it, Failed)
}

// failQueuedLocked stops starting new items after the output folder failed:
// every queued item fails with the same reason, so the batch ends and one
// "Retry failed" restarts it once the user has fixed the folder.
func (m *Manager) failQueuedLocked(cause *ItemError) {
	c := *cause
	c.NotStarted = true
	notStarted := &c
	for _, it := range m.items {
		if it.state == Queued || it.state == Waiting {
			m.stopTimerLocked(it)
			m.failLocked(it, notStarted, false)
		}
	}
}

// releaseSlotLocked gives back the item's download slot (global and per
// site) once its request is over, body included; saving to disk then goes
// on without holding up the next download.
func (m *Manager) releaseSlotLocked(it *item) {
	if !it.holdsSlot {
		return
	}
	it.holdsSlot = false
	m.hosts[it.host].active--
	m.gate.Release()
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// releaseSlot is releaseSlotLocked for callers without the lock.
func (m *Manager) releaseSlot(it *item) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.releaseSlotLocked(it)
}

// resumeAtOnce says a broken download made enough progress to continue
// straight away: the server is answering, so waiting would only slow the
// file down. A connection that breaks after a few bytes still backs off.
func resumeAtOnce(out outcome, total int64) bool {
	if out.verdict.err.Kind != ErrShortBody && out.verdict.err.Kind != ErrTimeout {
		return false
	}
	return out.written >= 256<<10 || total > 0 && out.written*10 >= total
}
