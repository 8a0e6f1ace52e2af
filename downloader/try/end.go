package try

import (
	"context"
	"errors"
	"runtime"

	"haul/downloader/rules"
	"haul/downloader/throttle"
)

// end ends the try: it gives the item's download slot back, tells the
// site's limits what the try brought, and decides how the try ends:
// interrupted (paused, canceled, stopped), or the step rules.Decide
// chooses for the outcome and the item's history. The temporary file the
// ending gives up (a cancel, a restart from byte 0, a failure that drops
// the file) is removed here, while the item is still Active: no other try
// starts on it until the file is gone.
func (t *Try) end(ctx context.Context, out Outcome) Result {
	held := t.p.Item.ReleaseSlot()
	interrupted := !out.Finished() && ctx.Err() != nil
	history := t.p.Item.History()
	var told *throttle.Answer
	if !t.siteTold {
		a := t.siteAnswer(out, history, interrupted)
		told = &a
	}
	site := t.p.Site.End(held, told)
	res := Result{Outcome: out}
	if interrupted {
		res.Interrupted, res.Cause = true, context.Cause(ctx)
		if errors.Is(res.Cause, ErrCanceled) {
			t.drop(&res)
		}
		return res
	}
	res.Step = rules.Decide(rules.Outcome{Finished: out.Finished(), ResumeNow: out.ResumeNow, Reached: out.Reached,
		Verdict: out.Verdict, Site: site}, history, t.env.Policy())
	if res.Step.Kind == rules.StepRestart || res.Step.Kind == rules.StepFail && res.Step.DropPart {
		t.drop(&res)
	}
	return res
}

// siteAnswer is what the try tells its site's limits (package throttle).
func (t *Try) siteAnswer(out Outcome, h rules.History, interrupted bool) throttle.Answer {
	a := throttle.Answer{Ticket: t.j.Ticket, Started: t.j.Started, RetryAfter: out.Verdict.MinWait,
		Again: h.Failures > 0 || h.Throttled > 0}
	switch {
	case interrupted:
	case out.Finished():
		a.Kind = throttle.Success
	case out.Verdict.Err != nil:
		a.Kind = out.Verdict.Throttle
	}
	return a
}

// drop gives up the item's temporary file and removes it.
func (t *Try) drop(res *Result) {
	if part := t.p.Item.DropPart(); part != "" {
		res.Dropped, res.DropErr = true, t.p.Disk.Remove(part)
	}
}

// passSlotOn gives back the item's download slot before its file is
// saved and lets the next download go first: its request is sent while
// this file is written and synced, not after. On a site 50 ms away, that
// halves the time between one answer and the next request on a
// connection. The site's limits are told now, when its request ended, not
// once the file is saved.
func (t *Try) passSlotOn() {
	if t.p.Item.ReleaseSlot() {
		t.p.Site.PassOn(throttle.Answer{Ticket: t.j.Ticket, Started: t.j.Started})
		t.siteTold = true
	}
	runtime.Gosched()
}
