package try

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"haul/downloader/itemstate"
	"haul/downloader/pages"
	"haul/downloader/rules"
	"haul/downloader/transfer"
)

// outcomeOf turns the result of a transfer into the outcome of the try: a
// complete file is made durable and moved into place here, and a failure
// becomes a verdict.
func (t *Try) outcomeOf(ctx context.Context, r transfer.Result) Outcome {
	j := t.j
	if r.Resp != nil && !t.asked {
		t.noteStatus(r.Resp.StatusCode)
	}
	switch r.Ending {
	case transfer.Interrupted:
		return Outcome{}
	case transfer.AlreadyWhole, transfer.Complete:
		if t.pictureSavedBefore(r) {
			return Outcome{Skipped: true, Note: savedBefore}
		}
		out := t.saveComplete(ctx, r)
		if !out.Done && !out.Skipped {
			t.p.Pictures.Disown() // no identical picture may be skipped for a file not saved
		}
		if out.Done {
			t.remember()
		}
		return out
	case transfer.Stopped:
		return t.stopped
	case transfer.PageRead:
		return Outcome{Page: &PageFound{Item: j.ID, Page: r.Page.URL, Title: pageTitle(r.Page.Images), Images: r.Page.Images}}
	case transfer.OpenFailed:
		return t.openFailed(r.Err)
	}
	if t.mem != nil {
		r.Reached = t.keepReceived()
	}
	if errors.Is(r.Err, transfer.ErrEncodedPart) {
		t.p.Item.OneConnection() // the server encodes the parts asked for by range
	}
	rule, _ := t.p.Network.SiteRule(j.URL.Hostname())
	v := rules.Classify(rules.Failure{Ending: r.Ending, Resp: r.Resp, Err: r.Err, Host: j.URL.Hostname(), Dir: j.Dir,
		MaxSize: j.Limits.MaxSize, Now: t.env.Now(), Head: r.Head, Signs: rule.Signs()})
	return Outcome{Reached: r.Reached, Verdict: passwordNotKept(v, j.URL)}
}

// pageTitle is the title of the page the images were found on.
func pageTitle(images []pages.Image) string {
	if len(images) == 0 {
		return ""
	}
	return images[0].PageTitle
}

// passwordNotKept says so when the site refused a link with a 401 and the
// link names a user whose password Haul no longer has: it came with the
// link, which was restored from the saved queue, and passwords are kept
// in memory only. Another try cannot mend that.
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

// openFailed explains a temporary file that could not be opened. A file
// of the same name that appeared meanwhile sends the item to choose
// another name.
func (t *Try) openFailed(err error) Outcome {
	v := rules.Classify(rules.Failure{Ending: transfer.OpenFailed, Err: err, Dir: t.j.Dir})
	if v.Err.Reason == itemstate.ReasonNameTaken {
		t.p.Names.NotePart(t.j.Dir) // a file in the way of the temporary file: the next claim looks
		t.p.Item.ForgetName()
	}
	return Outcome{Verdict: v}
}

// saveFailed is the verdict on a failure to save into the output folder.
func saveFailed(err error, dir string) rules.Verdict {
	return rules.Classify(rules.Failure{Ending: transfer.WriteFailed, Err: err, Dir: dir})
}

// refused is the verdict on an answer the try read and refused.
func refused(e *itemstate.ItemError) rules.Verdict {
	return rules.Classify(rules.Failure{Refused: e})
}

// unjournaledVerdict is the verdict on a try whose temporary file the
// journal could not note.
func unjournaledVerdict(err error) rules.Verdict {
	return rules.Classify(rules.Failure{Unjournaled: err})
}
