package downloader

import "time"

// stepKind is what the manager does with an item after a try.
type stepKind int

const (
	// stepDone: the item is finished (saved, skipped, or a web page read).
	stepDone stepKind = iota
	// stepWait: try again after a wait.
	stepWait
	// stepResume: try again at once, from the temporary file.
	stepResume
	// stepRestart: drop the temporary file and try again at once from byte 0.
	stepRestart
	// stepFail: give up, with a reason.
	stepFail
)

var stepNames = [...]string{"done", "wait", "resume", "restart", "fail"}

func (k stepKind) String() string { return stepNames[k] }

// step is the decision after one try.
type step struct {
	kind stepKind
	// wait is how long to wait before the next try (stepWait).
	wait time.Duration
	// err is the failure behind the step: nil for stepDone, and for the
	// resume of a leftover temporary file, where nothing failed.
	err *ItemError
	// counted says the try used up one of the item's retries.
	counted bool
	// stopBatch says the output folder is unusable: queued items fail too.
	stopBatch bool
	// dropPart says the temporary file is of no further use: the failure
	// is one a new try cannot mend.
	dropPart bool
}

// history is what decide knows of an item's earlier tries.
type history struct {
	// failures is how many tries have counted since the item was (re)queued by the user.
	failures int
	// reached is the furthest byte any earlier try got to.
	reached int64
	// total is the file's size when known, else -1.
	total int64
}

// retryPolicy is the user's limits on trying again.
type retryPolicy struct {
	retries       int
	maxRetryAfter time.Duration
	// backoff is the wait before try number next (2 for the first retry),
	// never less than minWait.
	backoff func(next int, minWait time.Duration) time.Duration
}

// resumeAtOnceBytes is the progress after which a broken download resumes
// without waiting: the server is answering, so waiting would only slow the
// file down. A connection that breaks after a few bytes still backs off.
const resumeAtOnceBytes = 256 << 10

// decide turns the outcome of one try and the item's history into the one
// next step. It is pure: the manager applies the step.
//
// A try that brought the file well beyond the furthest point reached
// before (bigProgress) is free; any other failed try counts and waits its
// backoff, so a server that cuts every answer at the same place, or lets
// each connection bring only a trickle, ends Failed after the retries. The
// free tries are bounded too: each brings at least 256 KB or a tenth of
// the file.
func decide(o outcome, h history, p retryPolicy) step {
	switch {
	case o.done || o.skipped || o.page != nil:
		return step{kind: stepDone}
	case o.resumeNow:
		return step{kind: stepResume}
	}
	v := o.verdict
	if v.err == nil {
		v = verdict{retry: true, err: &ItemError{Kind: ErrServer, Reason: ReasonUnknown}}
	}
	if !v.retry {
		disk := v.err.Kind == ErrDisk
		return step{kind: stepFail, err: v.err, counted: true, stopBatch: disk, dropPart: !disk}
	}
	if p.retries == 0 {
		return step{kind: stepFail, err: v.err, counted: true}
	}
	free := o.reached > h.reached && !o.restart && bigProgress(o.reached-h.reached, h.total)
	failures := h.failures
	if !free {
		failures++
	}
	if failures > p.retries {
		return step{kind: stepFail, err: gaveUp(v.err, failures), counted: true}
	}
	if v.minWait > p.maxRetryAfter {
		tooLong := *v.err
		tooLong.Wait = v.minWait
		return step{kind: stepFail, counted: !free, err: &tooLong}
	}
	switch {
	case o.restart:
		return step{kind: stepRestart, err: v.err, counted: true}
	case free:
		return step{kind: stepResume, err: v.err}
	}
	return step{kind: stepWait, err: v.err, counted: !free, wait: p.backoff(failures+1, v.minWait)}
}

// bigProgress says a try added enough to the file to go on without waiting.
func bigProgress(added, total int64) bool {
	return added >= resumeAtOnceBytes || total > 0 && added*10 >= total
}
