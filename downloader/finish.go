package downloader

import (
	"context"
	"errors"
	"io/fs"
	"runtime"
	"time"

	"haul/downloader/rules"
	"haul/downloader/throttle"
)

// finish applies the outcome of a try: an interrupted try goes back to
// Paused, Canceled or Queued; any other outcome goes through decide, and
// the step it returns moves the item along the state table. A failure that
// shows the item's site is down fails the site's waiting links too
// (see sitedown.go).
//
// When the ending gives up the temporary file (a cancel, a restart from
// byte 0, a failure that drops the file), the file is removed with the
// lock let go, while the item is still Active: no other try starts on it
// until the file is gone.
//
// It says whether the file the try saved must reach the journal at once:
// a later run tells a saved file by its note (see savedEarlier) only
// where files carry notes, under the name the link asks for first, and
// with a version or a length to compare.
func (t *try) finish(ctx context.Context, out outcome) (journalNow bool) {
	m, it := t.m, t.it
	m.mu.Lock()
	defer m.mu.Unlock()
	e := t.endingLocked(ctx, out)
	if e.drop != "" {
		m.mu.Unlock()
		err := m.disk.Remove(e.drop)
		m.mu.Lock()
		e = e.dropped(it, err, t.j.dir)
		if !e.interrupted && !out.finished() && ctx.Err() != nil {
			e.interrupted, e.cause = true, context.Cause(ctx) // paused or canceled meanwhile: obeyed
		}
	}
	it.cancel, it.speed = nil, nil // the speed is only read while Active: 100,000 finished items need none
	if e.interrupted {
		m.interruptedLocked(it, e.cause)
		m.notifyLocked()
		return false
	}
	m.applyLocked(it, out, e.step)
	if m.queues.byKey[it.host].down(out.verdict, e.step) || e.step.Err != nil && e.step.Err.Reason == ReasonKeptRefusing {
		m.failSiteLocked(it.host, it.err)
	}
	m.notifyLocked()
	return out.done && (m.disk.Untagged() || it.journalNow)
}

// ending is how a try ends, decided under Manager.mu: interrupted (with
// its cause) or the step rules.Decide chose; drop is the temporary file
// the ending gives up, to be removed with no lock held.
type ending struct {
	interrupted bool
	cause       error
	step        rules.Step
	drop        string
}

// endingLocked gives the item's download slot back, tells the site's
// limits what the try brought, and decides how the try ends.
func (t *try) endingLocked(ctx context.Context, out outcome) ending {
	m, it := t.m, t.it
	h := m.queues.byKey[it.host]
	inFlight := h.active
	if !it.holdsSlot {
		inFlight++ // its slot was passed on once its body was in
	}
	t.releaseSlotLocked()
	interrupted := !out.finished() && ctx.Err() != nil
	var site throttle.Judgement
	if !it.siteTold {
		site = m.queues.book.Answer(it.host, m.now(), siteAnswer(it, out, inFlight, interrupted))
	}
	if interrupted {
		e := ending{interrupted: true, cause: context.Cause(ctx)}
		if errors.Is(e.cause, errCanceled) {
			e.drop = it.dropPart()
		}
		return e
	}
	h.noteTry(out.verdict)
	e := ending{step: rules.Decide(out.forRules(site), it.history(), retryPolicy(m.opts, m.limits))}
	if e.step.Kind == rules.StepRestart || e.step.Kind == rules.StepFail && e.step.DropPart {
		e.drop = it.dropPart()
	}
	return e
}

// dropped takes in how the removal of the temporary file the ending gave
// up went; Manager.mu is held. A file that cannot be removed is the
// item's again; a restart from byte 0, which it would be in the way of,
// fails this item alone, saying so (dir is its folder).
func (e ending) dropped(it *item, err error, dir string) ending {
	switch {
	case err == nil || errors.Is(err, fs.ErrNotExist):
		it.holes = nil
		it.bytes.Store(0)
	default:
		it.ownsPart = true
		if e.step.Kind == rules.StepRestart {
			e.step = rules.Step{Kind: rules.StepFail, Err: rules.Classify(rules.Failure{PartStuck: err, Dir: dir}).Err}
		}
	}
	return e
}

// finished says the try ended the item's download: saved, skipped, or
// read as a web page.
func (o outcome) finished() bool { return o.done || o.skipped || o.page != nil }

// siteAnswer is what a try tells its site's limits (package throttle).
func siteAnswer(it *item, out outcome, inFlight int, interrupted bool) throttle.Answer {
	a := throttle.Answer{Ticket: it.ticket, Started: it.activeAt, InFlight: inFlight, RetryAfter: out.verdict.MinWait,
		Again: it.failures > 0 || it.throttled > 0}
	switch {
	case interrupted:
	case out.finished():
		a.Kind = throttle.Success
	case out.verdict.Err != nil:
		a.Kind = out.verdict.Throttle
	}
	return a
}

// interruptedLocked moves an item whose try was stopped by the user or by
// the end of the run.
func (m *Manager) interruptedLocked(it *item, cause error) {
	switch {
	case errors.Is(cause, errPaused):
		m.setStateLocked(it, Paused)
	case errors.Is(cause, errCanceled):
		m.setStateLocked(it, Canceled)
	default:
		m.requeueLocked(it)
	}
}

// history is what decide needs to know of the item's earlier tries.
func (it *item) history() rules.History {
	return rules.History{Failures: it.failures, Reached: it.reached, Total: it.total.Load(), Throttled: int(it.throttled),
		LastStatus: int(it.failedWith), Shortages: int(it.shortages)}
}

// applyLocked carries out the step decide chose.
func (m *Manager) applyLocked(it *item, out outcome, s rules.Step) {
	s.Err = m.failures.keep(s.Err)
	if s.Counted {
		it.failures++
		it.failedWith = 0
		if s.Err != nil {
			it.failedWith = uint16(s.Err.Status)
		}
	}
	if s.Shortage {
		it.shortages++
	}
	it.reached = max(it.reached, out.reached)
	switch s.Kind {
	case rules.StepDone:
		m.finishedLocked(it, out)
	case rules.StepFail:
		m.failLocked(it, s.Err)
		if s.StopBatch {
			m.failQueuedLocked(s.Err)
		}
	case rules.StepRestart:
		it.etag, it.modified, it.reached = "", "", 0
		it.total.Store(-1)
		m.requeueLocked(it)
		it.err = s.Err
	case rules.StepResume:
		m.requeueLocked(it)
		it.err = s.Err
	case rules.StepWait:
		m.waitLocked(it, s.Wait, s.Err, out.verdict.SlowDown)
	case rules.StepRequeue: // the site throttles: back in line, after its own Retry-After when it gave one
		it.throttled++
		if s.Wait > 0 {
			m.waitLocked(it, s.Wait, s.Err, true)
			break
		}
		m.requeueLocked(it)
		it.err, it.slowedDown = s.Err, true
	}
}

// finishedLocked ends an item whose try saved it, skipped it or read it as a web page.
func (m *Manager) finishedLocked(it *item, out outcome) {
	it.etag, it.modified = "", "" // they serve resuming a part file; a finished item has none
	switch {
	case out.done:
		it.bytes.Store(max(it.bytes.Load(), it.total.Load()))
		it.err = nil
		m.setStateLocked(it, Done)
	case out.page != nil:
		m.intake.pageDone(it, out.page)
	default:
		if out.note != nil {
			it.note = out.note
		}
		m.setStateLocked(it, Skipped)
	}
}

// waitLocked puts the item in Waiting until its next try.
func (m *Manager) waitLocked(it *item, wait time.Duration, err *ItemError, slowDown bool) {
	it.err, it.slowedDown = err, slowDown
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

// failLocked ends the item as Failed. Its partial file stays, so that a
// Retry can resume; a failure that drops the file had it removed already
// (see try.finish).
func (m *Manager) failLocked(it *item, err *ItemError) {
	it.err = err
	m.setStateLocked(it, Failed)
}

// failQueuedLocked stops starting new items after the output folder failed:
// every queued item fails with the same reason, so the batch ends and one
// "Retry failed" restarts it once the user has fixed the folder.
func (m *Manager) failQueuedLocked(cause *ItemError) {
	c := *cause
	c.NotStarted = true
	notStarted := &c
	for _, it := range m.store.items {
		if it.state == Queued || it.state == Waiting {
			it.stopTimer()
			m.failLocked(it, notStarted)
		}
	}
}

// releaseSlotLocked gives back the item's download slot (global and per
// site) once its request is over, body included; saving to disk then goes
// on without holding up the next download.
func (t *try) releaseSlotLocked() {
	m, it := t.m, t.it
	if !it.holdsSlot {
		return
	}
	it.holdsSlot = false
	m.queues.byKey[it.host].active--
	m.gate.Release()
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// passSlotOn frees the item's download slot before its file is saved and
// lets the next download go first: its request is sent while this file is
// written and synced, not after. On a site 50 ms away, that halves the
// time between one answer and the next request on a connection.
func (t *try) passSlotOn() {
	m, it := t.m, t.it
	m.mu.Lock()
	if it.holdsSlot { // the site answered: tell its limits now, when its request ends, not once the file is saved
		inFlight := m.queues.byKey[it.host].active
		m.queues.book.Answer(it.host, m.now(), throttle.Answer{Kind: throttle.Success, Ticket: it.ticket, Started: it.activeAt, InFlight: inFlight})
		it.siteTold = true
	}
	t.releaseSlotLocked()
	m.mu.Unlock()
	runtime.Gosched()
}

// retryPolicy is the rules' policy for the options and the limits in force.
func retryPolicy(o Options, l Limits) rules.Policy {
	return rules.Policy{Retries: l.Retries, MaxRetryAfter: o.MaxRetryAfter,
		Backoff: func(next int, minWait time.Duration) time.Duration {
			return rules.Backoff(o.BackoffBase, o.BackoffMax, next, minWait)
		}}
}
