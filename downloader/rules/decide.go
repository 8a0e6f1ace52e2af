package rules

import (
	"time"

	"haul/downloader/itemstate"
	"haul/downloader/throttle"
)

// StepKind is what the engine does with an item after a try.
type StepKind int

// The steps after a try.
const (
	// StepDone: the item is finished (saved, skipped, or a web page read).
	StepDone StepKind = iota
	// StepWait: try again after a wait.
	StepWait
	// StepResume: try again at once, from the temporary file.
	StepResume
	// StepRestart: drop the temporary file and try again at once from byte 0.
	StepRestart
	// StepFail: give up, with a reason.
	StepFail
	// StepRequeue: the site asked us to slow down; back in line without
	// using up a try, after Wait when the site gave one.
	StepRequeue
)

var stepNames = [...]string{"done", "wait", "resume", "restart", "fail", "requeue"}

// String names the step, for tests and logs.
func (k StepKind) String() string { return stepNames[k] }

// Step is the decision after one try.
type Step struct {
	Kind StepKind
	// Wait is how long to wait before the next try (StepWait).
	Wait time.Duration
	// Err is the failure behind the step: nil for StepDone, and for the
	// resume of a leftover temporary file, where nothing failed.
	Err *itemstate.ItemError
	// Counted says the try used up one of the item's retries.
	Counted bool
	// StopBatch says the output folder is unusable: queued items fail too.
	StopBatch bool
	// DropPart says the temporary file is of no further use: the failure
	// is one a new try cannot mend.
	DropPart bool
	// Shortage says the try ended because the system ran out of open
	// files: it waits, without using up a try (see MaxShortages).
	Shortage bool
}

// Outcome is what Decide needs to know of how a try ended.
type Outcome struct {
	// Finished says the item is done: saved, skipped, or read as a web page.
	Finished bool
	// ResumeNow asks for the rest of a temporary file an earlier run left
	// of this same version of the file, at once and without counting.
	ResumeNow bool
	// Reached is the byte the temporary file got to, when bytes were written.
	Reached int64
	// Verdict is why the try failed, when it did not finish.
	Verdict Verdict
	// Site is what the site's limits make of a refusal (package throttle).
	Site throttle.Judgement
}

// History is what Decide knows of an item's earlier tries.
type History struct {
	// Failures is how many tries have counted since the item was (re)queued by the user.
	Failures int
	// Reached is the furthest byte any earlier try got to.
	Reached int64
	// Total is the file's size when known, else -1.
	Total int64
	// Throttled is how many tries the site refused while throttling, put
	// back in line without using up a try.
	Throttled int
	// LastStatus is the HTTP status of the answer that failed the last
	// try, 0 when none did.
	LastStatus int
	// Shortages is how many tries ended for want of open files, without
	// using up a try.
	Shortages int
}

// Policy is the user's limits on trying again.
type Policy struct {
	Retries       int
	MaxRetryAfter time.Duration
	// Backoff is the wait before try number next (2 for the first retry),
	// never less than minWait.
	Backoff func(next int, minWait time.Duration) time.Duration
}

// resumeAtOnceBytes is the progress after which a broken download resumes
// without waiting: the server is answering, so waiting would only slow the
// file down. A connection that breaks after a few bytes still backs off.
const resumeAtOnceBytes = 256 << 10

// Decide turns the outcome of one try and the item's history into the one
// next step. It is pure: the engine applies the step.
//
// A try that brought the file well beyond the furthest point reached
// before (bigProgress) is free; any other failed try counts and waits its
// backoff, so a server that cuts every answer at the same place, or lets
// each connection bring only a trickle, ends Failed after the retries. The
// free tries are bounded too: each brings at least 256 KB or a tenth of
// the file.
func Decide(o Outcome, h History, p Policy) Step {
	switch {
	case o.Finished:
		return Step{Kind: StepDone}
	case o.ResumeNow:
		return Step{Kind: StepResume}
	}
	v := o.Verdict
	if v.Err == nil {
		v = Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrServer, Reason: itemstate.ReasonUnknown}}
	}
	if s, ok := freeWait(v, o.Site, h, p); ok {
		return s
	}
	if forbiddenAgain(v, o.Site, h) {
		return Step{Kind: StepFail, Err: gaveUp(v.Err, h.Failures+1), Counted: true}
	}
	if !v.Retry {
		disk := v.Err.Kind == itemstate.ErrDisk
		return Step{Kind: StepFail, Err: v.Err, Counted: true, StopBatch: disk, DropPart: !disk}
	}
	if p.Retries == 0 {
		return Step{Kind: StepFail, Err: v.Err, Counted: true}
	}
	free := o.Reached > h.Reached && !v.Restart && bigProgress(o.Reached-h.Reached, h.Total)
	failures := h.Failures
	if !free {
		failures++
	}
	if failures > p.Retries {
		return Step{Kind: StepFail, Err: gaveUp(v.Err, failures), Counted: true}
	}
	if v.MinWait > p.MaxRetryAfter {
		tooLong := *v.Err
		tooLong.Wait = v.MinWait
		return Step{Kind: StepFail, Counted: !free, Err: &tooLong}
	}
	switch {
	case v.Restart:
		return Step{Kind: StepRestart, Err: v.Err, Counted: true}
	case free:
		return Step{Kind: StepResume, Err: v.Err}
	}
	return Step{Kind: StepWait, Err: v.Err, Counted: !free, Wait: p.Backoff(failures+1, v.MinWait)}
}

// bigProgress says a try added enough to the file to go on without waiting.
func bigProgress(added, total int64) bool {
	return added >= resumeAtOnceBytes || total > 0 && added*10 >= total
}

// gaveUp notes the attempt count on a retryable error that ran out of tries.
func gaveUp(e *itemstate.ItemError, attempts int) *itemstate.ItemError {
	if attempts <= 1 {
		return e
	}
	c := *e
	c.Tries = attempts
	return &c
}

// forbiddenAgain says a link got the same 4xx refusal, without a
// Retry-After, as on its last try while its site's other links arrive: it
// is forbidden, not throttled, and fails without waiting for its other
// tries. A 5xx is the server's trouble, which may pass.
func forbiddenAgain(v Verdict, site throttle.Judgement, h History) bool {
	return v.Throttle == throttle.Possible && site.Forbidden && !site.Throttled && h.Failures > 0 &&
		v.Err.Status == h.LastStatus && v.Err.Status >= 400 && v.Err.Status < 500 && v.MinWait == 0
}

// MaxShortages bounds the tries of one link that may end for want of open
// files (EMFILE, ENFILE: the process or the system holds as many as it
// may) without using up a try. Such a shortage passes as other downloads
// end, so the link waits a moment, longer each time, up to about half a
// minute in all; beyond that, each such try counts like any failure.
const MaxShortages = 20

// shortageWaitMax is the longest wait after a try that found no file free.
const shortageWaitMax = 2 * time.Second

// freeWait is the step after a try that the site's limits, or the
// system's, cut short: a wait that uses up no try (throttledStep,
// shortageStep).
func freeWait(v Verdict, site throttle.Judgement, h History, p Policy) (Step, bool) {
	if s, ok := throttledStep(v, site, h, p); ok {
		return s, true
	}
	return shortageStep(v, h)
}

// shortageStep is the step after a try that ran out of open files: wait,
// and try again without using up a try, at most MaxShortages times.
func shortageStep(v Verdict, h History) (Step, bool) {
	if v.Err.Kind != itemstate.ErrTooManyOpen || h.Shortages >= MaxShortages {
		return Step{}, false
	}
	wait := min((100*time.Millisecond)<<h.Shortages, shortageWaitMax)
	return Step{Kind: StepWait, Err: v.Err, Wait: wait, Shortage: true}, true
}

// MaxThrottled bounds the tries of one link that a throttling site may
// refuse without using up a try: beyond them, each refusal counts, so no
// link goes round for ever while others from its site arrive.
const MaxThrottled = 8

// throttledStep is the step after a refusal the site's limits judged
// throttling: back in line without using up a try, after the site's own
// Retry-After if it gave one; or failed, with the others of its site, when
// the site has refused everything for longer than Haul waits for a site.
func throttledStep(v Verdict, site throttle.Judgement, h History, p Policy) (Step, bool) {
	switch {
	case v.Throttle == throttle.Neutral || !site.Throttled:
		return Step{}, false
	case site.KeptRefusing:
		return Step{Kind: StepFail, Counted: true, Err: &itemstate.ItemError{Kind: itemstate.ErrHTTP,
			Reason: itemstate.ReasonKeptRefusing, Status: v.Err.Status, Err: v.Err}}, true
	case h.Throttled >= MaxThrottled, v.MinWait > p.MaxRetryAfter:
		return Step{}, false
	}
	return Step{Kind: StepRequeue, Err: v.Err, Wait: v.MinWait}, true
}
