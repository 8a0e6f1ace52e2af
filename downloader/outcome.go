package downloader

import (
	"context"
	"errors"
	"io/fs"

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
		out := m.saveComplete(ctx, it, j, p, r)
		if !out.done && !out.skipped {
			m.disownPicture(it) // no identical picture may be skipped for a file not saved
		}
		return out
	case transfer.Stopped:
		return p.stopped
	case transfer.PageRead:
		return pageFound(it, r.Page)
	case transfer.OpenFailed:
		return m.openFailed(it, j, r.Err)
	}
	if why, ok := startOverReasons[r.Ending]; ok {
		return *startOver(why)
	}
	if p.mem != nil {
		r.Reached = m.keepReceived(it, p)
	}
	return outcome{reached: r.Reached, verdict: m.failureVerdict(j, r)}
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
	return m.finishFile(ctx, it, j, r.File, p.part, p.format, p.hash, outcome{reached: r.Reached})
}

// startOverReasons are the answers to a resume after which the next try
// starts at byte 0.
var startOverReasons = map[transfer.Ending]Reason{
	transfer.CannotResume: ReasonNoResume,
	transfer.Changed:      ReasonChanged,
	transfer.WrongPart:    ReasonWrongPart,
}

// failureVerdict explains a try that failed.
func (m *Manager) failureVerdict(j job, r transfer.Result) verdict {
	switch r.Ending {
	case transfer.Refused:
		return statusVerdict(r.Resp, m.now())
	case transfer.NoFile:
		return verdict{err: &ItemError{Kind: ErrServer, Reason: ReasonNoFile, Status: r.Resp.StatusCode}}
	case transfer.TooLarge:
		return tooLarge(j.limits.MaxSize)
	case transfer.EmptyBody:
		return verdict{retry: true, err: &ItemError{Kind: ErrEmptyBody, Reason: ReasonEmptyBody, Status: r.Resp.StatusCode}}
	case transfer.PageUnreadable:
		return verdict{retry: true, err: &ItemError{Kind: ErrNetwork, Reason: ReasonPageUnreadable, Err: r.Err}}
	case transfer.WriteFailed:
		return diskVerdict(r.Err, j.dir)
	}
	return transportVerdict(r.Err, j.url)
}

// openFailed explains a temporary file that could not be opened. A file
// of the same name that appeared meanwhile sends the item to choose
// another name.
func (m *Manager) openFailed(it *item, j job, err error) outcome {
	if errors.Is(err, fs.ErrExist) {
		m.forgetName(it)
		return outcome{restart: true, verdict: verdict{retry: true, err: &ItemError{Kind: ErrDisk, Reason: ReasonNameTaken, Err: err}}}
	}
	return outcome{verdict: diskVerdict(err, j.dir)}
}

// startOver asks for the next try to begin at byte 0, without the part file.
func startOver(why Reason) *outcome {
	return &outcome{restart: true, verdict: verdict{retry: true, err: &ItemError{Kind: ErrServer, Reason: why}}}
}
