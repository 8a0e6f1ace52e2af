package downloader

import (
	"context"

	"haul/downloader/rules"
	"haul/downloader/transfer"
)

// outcomeOf turns the result of a transfer into the outcome of the try: a
// complete file is made durable and moved into place here, and a failure
// becomes a verdict.
func (m *Manager) outcomeOf(ctx context.Context, it *item, j job, p *tryPlan, r transfer.Result) outcome {
	if r.Resp != nil && !p.asked {
		m.noteStatus(it, r.Resp.StatusCode)
	}
	switch r.Ending {
	case transfer.Interrupted:
		return outcome{}
	case transfer.AlreadyWhole, transfer.Complete:
		if p.pictureSavedBefore(r) {
			return outcome{skipped: true, note: savedBefore}
		}
		out := m.saveComplete(ctx, it, j, p, r)
		if !out.done && !out.skipped {
			m.disownPicture(it) // no identical picture may be skipped for a file not saved
		}
		if out.done {
			p.remember()
		}
		return out
	case transfer.Stopped:
		return p.stopped
	case transfer.PageRead:
		return pageFound(it, r.Page)
	case transfer.OpenFailed:
		return m.openFailed(it, j, r.Err)
	}
	if p.mem != nil {
		r.Reached = m.keepReceived(it, p)
	}
	rule, _ := m.siteRule(j.url.Hostname())
	v := rules.Classify(rules.Failure{Ending: r.Ending, Resp: r.Resp, Err: r.Err, Host: j.url.Hostname(), Dir: j.dir,
		MaxSize: j.limits.MaxSize, Now: m.now(), Head: r.Head, Signs: rule.signs()})
	return outcome{reached: r.Reached, verdict: v}
}

// saveComplete saves a file whose bytes are all in: from memory, from the
// part file just written, or from one an earlier try left whole.
func (m *Manager) saveComplete(ctx context.Context, it *item, j job, p *tryPlan, r transfer.Result) outcome {
	switch {
	case r.Ending == transfer.AlreadyWhole:
		return m.commitComplete(ctx, it, j)
	case p.mem != nil:
		return m.finishSmall(ctx, it, j, p)
	}
	h := p.hash
	if p.split != nil {
		h = pictureHash(p.part, p.format, r.Reached) // the parts came in no order: hashed once whole
	}
	return m.finishFile(ctx, it, j, r.File, p.part, p.format, h, outcome{reached: r.Reached})
}

// openFailed explains a temporary file that could not be opened. A file
// of the same name that appeared meanwhile sends the item to choose
// another name.
func (m *Manager) openFailed(it *item, j job, err error) outcome {
	v := rules.Classify(rules.Failure{Ending: transfer.OpenFailed, Err: err, Dir: j.dir})
	if v.Err.Reason == ReasonNameTaken {
		m.forgetName(it)
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
