package downloader

import (
	"context"
	"net/http"
	"net/url"
	"path/filepath"

	"haul/downloader/ranges"
	"haul/downloader/rules"
	"haul/downloader/sniff"
	"haul/downloader/throttle"
	"haul/downloader/transfer"
)

// job is what an attempt needs from its item, copied under the lock.
type job struct {
	dir       string
	url       *url.URL
	name      string
	ownsPart  bool
	validator string
	etag      string // the validators the part file was started with
	modified  string
	total     int64
	limits    Limits
	fromPage  bool
	referer   string
	format    sniff.Format // what an earlier attempt found the file to be
	holes     ranges.Holes // what is missing of a file fetched in parts
	// oneConnection keeps the file to one connection (see item.oneConnection).
	oneConnection bool
}

// outcome is how an attempt ended; a zero outcome means it was interrupted.
type outcome struct {
	done    bool
	skipped bool
	page    *PageFound // the link was a web page; these are its pictures
	note    *Note      // why the item was skipped, when not noted already
	reached int64      // the byte the part file got to, when bytes were written
	verdict rules.Verdict
	// resumeNow asks for the rest of a temporary file an earlier run left
	// of this same version of the file, at once and without counting.
	resumeNow bool
	// journalNow says the file was saved and must reach the journal at
	// once (see try.finish).
	journalNow bool
}

func (m *Manager) jobLocked(it *item) job {
	it.attempts++
	if it.dir == "" {
		it.dir = filepath.Join(m.dir, it.subdir)
	}
	return job{dir: it.dir, url: m.secrets.lend(it.raw, it.link()), name: it.name, ownsPart: it.ownsPart, validator: it.validator(),
		etag: it.etag, modified: it.modified,
		total: it.total.Load(), limits: m.limits, fromPage: it.fromPage, referer: it.referer,
		format: sniff.Format{MIME: it.mime, IsImage: it.isImage, Width: int(it.width), Height: int(it.height)},
		holes:  it.holes, oneConnection: it.oneConnection}
}

// attempt makes one try for the item, from the request to the recorded
// outcome, step by step; each step is in the file of the part that owns it:
//
//  0. a temporary file an earlier run left for the link adopted (leftover.go);
//  1. open: the request sent and the answer checked (package transfer);
//  2. decide and claim the name: the engine's plan for the answer, where
//     the name is claimed and the temporary file opened (plan.go, claim.go);
//  3. stream the body into that file (package transfer);
//  4. verify and 5. commit: a complete file synced, checked for
//     duplicates and moved into place, a failure classified
//     (outcome.go, save.go, commit.go, package rules);
//  6. record: rules.Decide's step applied through the state table and
//     written to the journal (finish.go).
//
// The transfer returns values and never calls back into the engine (but
// to count the bytes it writes).
func (m *Manager) attempt(ctx context.Context, it *item, j job) outcome {
	t := &try{m: m, it: it, j: j}
	t.j = t.adoptLeftover()
	t.format = t.j.format
	if out, ends := m.archive.heldBefore(t.j.dir, it.raw); ends {
		t.finish(ctx, out)
		return out
	}
	opened, r := transfer.Open(ctx, t.transferJob(), t.transferEnv())
	if opened != nil {
		r = opened.Finish(t.plan(opened.Answer))
		t.endSplit()
	}
	out := t.outcomeOf(ctx, r)
	out.journalNow = t.finish(ctx, out)
	return out
}

// transferJob is what the transfer needs to know of the job.
func (t *try) transferJob() transfer.Job {
	m, j := t.m, t.j
	req, _ := http.NewRequest(http.MethodGet, j.url.String(), nil) // the URL was parsed by Add
	m.net.setHeaders(req, j.referer, j.limits.NoPageReferer)
	tj := transfer.Job{URL: j.url, Request: req, ETag: j.etag, Modified: j.modified, Validator: j.validator,
		Total: j.total, MaxSize: j.limits.MaxSize}
	if j.name != "" && j.ownsPart {
		tj.Part = filepath.Join(j.dir, j.name+".part")
		tj.Holes = j.holes
	}
	return tj
}

// transferEnv is what the transfer is given to work with: the client, the
// limits and the item's counters.
func (t *try) transferEnv() transfer.Env {
	m, it := t.m, t.it
	return transfer.Env{
		Client:      m.net.clientFor(t.j.referer),
		Limits:      transferRates{m.rates},
		IdleTimeout: m.opts.IdleTimeout,
		Progress: func(n int) {
			total := it.bytes.Add(int64(n))
			m.received.Add(int64(n))
			it.speed.record(m.now(), total)
			if tr := it.splitting.Load(); tr != nil && tr.NewCheckpoint() {
				journalCheckpoint(m, it)
			}
		},
	}
}

// forRules is what rules.Decide needs to know of the outcome.
func (o outcome) forRules(site throttle.Judgement) rules.Outcome {
	return rules.Outcome{Finished: o.done || o.skipped || o.page != nil, ResumeNow: o.resumeNow, Reached: o.reached,
		Verdict: o.verdict, Site: site}
}
