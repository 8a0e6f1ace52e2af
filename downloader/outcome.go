package downloader

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"haul/downloader/itemstate"
	"haul/downloader/rules"
	"haul/downloader/transfer"
)

// outcomeOf turns the result of a transfer into the outcome of the try: a
// complete file is made durable and moved into place here, and a failure
// becomes a verdict.
func (t *try) outcomeOf(ctx context.Context, r transfer.Result) outcome {
	m, it, j := t.m, t.it, t.j
	if r.Resp != nil && !t.asked {
		t.noteStatus(r.Resp.StatusCode)
	}
	switch r.Ending {
	case transfer.Interrupted:
		return outcome{}
	case transfer.AlreadyWhole, transfer.Complete:
		if out, held := t.pictureSavedBefore(r); held {
			return out
		}
		out := t.saveComplete(ctx, r)
		if !out.done && !out.skipped {
			m.pictures.disown(it) // no identical picture may be skipped for a file not saved
		}
		if out.done {
			t.remember()
		}
		return out
	case transfer.Stopped:
		return t.stopped
	case transfer.PageRead:
		return pageFound(it, r.Page)
	case transfer.OpenFailed:
		return t.openFailed(r.Err)
	}
	if t.mem != nil {
		r.Reached = t.keepReceived()
	}
	if errors.Is(r.Err, transfer.ErrEncodedPart) {
		// The server encodes the parts asked for by range: the file keeps to
		// one connection from now on.
		t.m.mu.Lock()
		t.it.oneConnection = true
		t.m.mu.Unlock()
	}
	rule, _ := m.net.siteRule(j.url.Hostname())
	v := rules.Classify(rules.Failure{Ending: r.Ending, Resp: r.Resp, Err: r.Err, Host: j.url.Hostname(), Dir: j.dir,
		MaxSize: j.limits.MaxSize, Now: m.now(), Head: r.Head, Signs: rule.signs()})
	return outcome{reached: r.Reached, verdict: passwordNotKept(v, j.url)}
}

// passwordNotKept says so when the site refused a link with a 401 and the
// link names a user whose password Haul no longer has: it came with the
// link, which was restored from the saved queue, and passwords are kept
// in memory only (linksecrets.go). Another try cannot mend that.
func passwordNotKept(v rules.Verdict, u *url.URL) rules.Verdict {
	if v.Err == nil || v.Err.Status != http.StatusUnauthorized || u.User == nil || u.User.Username() == "" {
		return v
	}
	if _, has := u.User.Password(); has {
		return v
	}
	e := *v.Err
	e.Reason = itemstate.ReasonPasswordNotKept
	return rules.Verdict{Err: &e}
}

// saveComplete saves a file whose bytes are all in: from memory, from the
// part file just written, or from one an earlier try left whole.
func (t *try) saveComplete(ctx context.Context, r transfer.Result) outcome {
	switch {
	case r.Ending == transfer.AlreadyWhole:
		return t.commitComplete(ctx)
	case t.mem != nil:
		return t.finishSmall(ctx)
	}
	h := t.hash
	if t.split != nil {
		h = pictureHash(t.part, t.format, r.Reached) // the parts came in no order: hashed once whole
	}
	return t.finishFile(ctx, r.File, t.part, t.format, h, outcome{reached: r.Reached})
}

// openFailed explains a temporary file that could not be opened. A file
// of the same name that appeared meanwhile sends the item to choose
// another name.
func (t *try) openFailed(err error) outcome {
	j := t.j
	v := rules.Classify(rules.Failure{Ending: transfer.OpenFailed, Err: err, Dir: j.dir})
	if v.Err.Reason == ReasonNameTaken {
		t.m.scans.notePart(j.dir) // a file in the way of the temporary file: the next claim looks
		nameClaim{t.m, t.it}.forgetName()
	}
	return outcome{verdict: v}
}

// saveFailed is the verdict on a failure to save into the output folder.
func saveFailed(err error, dir string) rules.Verdict {
	return rules.Classify(rules.Failure{Ending: transfer.WriteFailed, Err: err, Dir: dir})
}

// refused is the verdict on an answer the engine read and refused.
func refused(e *ItemError) rules.Verdict {
	return rules.Classify(rules.Failure{Refused: e})
}
