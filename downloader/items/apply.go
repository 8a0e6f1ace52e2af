package items

import (
	"context"
	"errors"
	"io/fs"
	"time"

	"haul/downloader/rules"
	"haul/downloader/try"
)

// Apply moves the item of a try by how the try ended (res): an
// interrupted try goes back to Paused, Canceled or Queued; any other
// takes the step the rules chose, through the state table. A try that
// ended while the user paused or canceled the item, or the run stopped,
// obeys that (the item's context ended meanwhile). It says whether the
// step was taken (applied: the try was not interrupted), and whether the
// file the try saved must reach the journal at once: a later run tells a
// saved file by its note only where files carry notes (untagged says they
// do not here), under the name the link asks for first, and with a
// version or a length to compare.
func (s *Store) Apply(t *Tried, res try.Result, untagged bool) (applied, journalNow bool) {
	it := t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	step := res.Step
	if res.Dropped {
		step = dropped(it, res.DropErr, step)
	}
	interrupted, cause := res.Interrupted, res.Cause
	if !interrupted && !res.Finished() && t.ctx.Err() != nil {
		interrupted, cause = true, context.Cause(t.ctx) // paused or canceled meanwhile: obeyed
	}
	it.cancel, it.speed = nil, nil // the speed is only read while Active: 100,000 finished items need none
	if interrupted {
		s.steps.interrupted(it, cause)
		s.notifyLocked()
		return false, false
	}
	s.steps.take(it, res.Outcome, step)
	s.notifyLocked()
	return true, res.Done && (untagged || it.journalNow)
}

// dropped takes in how the removal of the temporary file the try gave up
// went. A file that cannot be removed is the item's again; a restart from
// byte 0, which it would be in the way of, fails this item alone, saying
// so.
func dropped(it *Item, err error, step rules.Step) rules.Step {
	switch {
	case err == nil || errors.Is(err, fs.ErrNotExist):
		it.holes = nil
		it.bytes.Store(0)
	default:
		it.ownsPart = true
		if step.Kind == rules.StepRestart {
			step = rules.Step{Kind: rules.StepFail, Err: rules.Classify(rules.Failure{PartStuck: err, Dir: it.dir}).Err}
		}
	}
	return step
}

// steps are the moves of an item a try's ending takes; the store's lock
// is held.
type steps struct{ s *Store }

// interrupted moves an item whose try was stopped by the user or by the
// end of the run.
func (p *steps) interrupted(it *Item, cause error) {
	s := p.s
	switch {
	case errors.Is(cause, try.ErrPaused):
		s.setState(it, Paused)
	case errors.Is(cause, try.ErrCanceled):
		s.setState(it, Canceled)
	default:
		s.requeue(it)
	}
}

// take carries out the step the rules chose.
func (p *steps) take(it *Item, out try.Outcome, step rules.Step) {
	s := p.s
	step.Err = s.failures.keep(step.Err)
	if step.Counted {
		it.failures++
		it.failedWith = 0
		if step.Err != nil {
			it.failedWith = uint16(step.Err.Status)
		}
	}
	if step.Shortage {
		it.shortages++
	}
	it.reached = max(it.reached, out.Reached)
	switch step.Kind {
	case rules.StepDone:
		p.finished(it, out)
	case rules.StepFail:
		p.fail(it, step.Err)
		if step.StopBatch {
			p.failQueued(step.Err)
		}
	case rules.StepRestart:
		it.etag, it.modified, it.reached = "", "", 0
		it.total.Store(-1)
		s.requeue(it)
		it.err = step.Err
	case rules.StepResume:
		s.requeue(it)
		it.err = step.Err
	case rules.StepWait:
		p.wait(it, step.Wait, step.Err, out.Verdict.SlowDown)
	case rules.StepRequeue: // the site throttles: back in line, after its own Retry-After when it gave one
		it.throttled++
		if step.Wait > 0 {
			p.wait(it, step.Wait, step.Err, true)
			break
		}
		s.requeue(it)
		it.err, it.slowedDown = step.Err, true
	}
}

// finished ends an item whose try saved it, skipped it or read it as a web page.
func (p *steps) finished(it *Item, out try.Outcome) {
	s := p.s
	it.etag, it.modified = "", "" // they serve resuming a temporary file; a finished item has none
	switch {
	case out.Done:
		it.bytes.Store(max(it.bytes.Load(), it.total.Load()))
		it.err = nil
		s.setState(it, Done)
	case out.Page != nil:
		it.src.pageDone(it, out.Page)
	default:
		if out.Note != nil {
			it.note = out.Note
		}
		s.setState(it, Skipped)
	}
}

// wait puts the item in Waiting until its next try.
func (p *steps) wait(it *Item, wait time.Duration, err *ItemError, slowDown bool) {
	s := p.s
	it.err, it.slowedDown = err, slowDown
	it.retryAt = s.cfg.Now().Add(wait)
	s.setState(it, Waiting)
	var t *time.Timer
	t = time.AfterFunc(wait, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if it.state == Waiting && it.timer == t {
			it.timer = nil
			s.requeue(it)
		}
	})
	it.timer = t
}

// fail ends the item as Failed. Its temporary file stays, so that a
// Retry can resume; a failure that drops the file had it removed already.
func (p *steps) fail(it *Item, err *ItemError) {
	it.err = err
	p.s.setState(it, Failed)
}

// failQueued stops starting new items after the output folder failed:
// every queued item fails with the same reason, so the batch ends and one
// "Retry failed" restarts it once the user has fixed the folder.
func (p *steps) failQueued(cause *ItemError) {
	s := p.s
	c := *cause
	c.NotStarted = true
	notStarted := &c
	for _, it := range s.items {
		if it.state == Queued || it.state == Waiting {
			it.stopTimer()
			p.fail(it, notStarted)
		}
	}
}

// FailSite fails the links of the site host that wait their turn or
// their next try, for the failure that showed the site is down: "not
// started" for links not tried since the user queued them, with their
// number of tries for the others.
func (s *Store) FailSite(host string, cause *ItemError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, it := range s.items {
		if it.host != host || it.state != Queued && it.state != Waiting {
			continue
		}
		c := *cause
		c.Tries, c.NotStarted = 0, it.failures == 0
		if it.failures > 1 {
			c.Tries = it.failures
		}
		it.stopTimer()
		s.steps.fail(it, s.failures.share(c))
	}
	s.notifyLocked()
}
