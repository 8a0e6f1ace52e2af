package downloader

import (
	"context"
	"net/http"
	"net/url"
	"path/filepath"

	"haul/downloader/rules"
	"haul/downloader/sniff"
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
}

// outcome is how an attempt ended; a zero outcome means it was interrupted.
type outcome struct {
	done    bool
	skipped bool
	page    *PageFound // the link was a web page; these are its pictures
	reached int64      // the byte the part file got to, when bytes were written
	verdict rules.Verdict
	// resumeNow asks for the rest of a temporary file an earlier run left
	// of this same version of the file, at once and without counting.
	resumeNow bool
}

func (m *Manager) jobLocked(it *item) job {
	it.attempts++
	if it.dir == "" {
		it.dir = filepath.Join(m.dir, it.subdir)
	}
	return job{dir: it.dir, url: it.link(), name: it.name, ownsPart: it.ownsPart, validator: it.validator(),
		etag: it.etag, modified: it.modified,
		total: it.total.Load(), limits: m.limits, fromPage: it.fromPage, referer: it.referer,
		format: sniff.Format{MIME: it.mime, IsImage: it.isImage, Width: int(it.width), Height: int(it.height)}}
}

// attempt makes one try for the item: the manager prepares the try, the
// transfer runs it without calling back (but for the plan it asks for
// once the answer is known), and the result becomes the outcome. It
// changes no state of the item: the manager applies the outcome.
func (m *Manager) attempt(ctx context.Context, it *item, j job) outcome {
	p := &tryPlan{m: m, it: it, j: j, format: j.format}
	r := transfer.Run(ctx, m.transferJob(j), m.transferEnv(it, p))
	return m.outcomeOf(ctx, it, j, p, r)
}

// transferJob is what the transfer needs to know of the job.
func (m *Manager) transferJob(j job) transfer.Job {
	req, _ := http.NewRequest(http.MethodGet, j.url.String(), nil) // the URL was parsed by Add
	m.setHeaders(req, j.referer, j.limits.NoPageReferer)
	tj := transfer.Job{URL: j.url, Request: req, ETag: j.etag, Modified: j.modified, Validator: j.validator,
		Total: j.total, MaxSize: j.limits.MaxSize}
	if j.name != "" && j.ownsPart {
		tj.Part = filepath.Join(j.dir, j.name+".part")
	}
	return tj
}

// transferEnv is what the transfer is given to work with: the client, the
// limits, the item's counters and the plan.
func (m *Manager) transferEnv(it *item, p *tryPlan) transfer.Env {
	return transfer.Env{
		Client:      m.client,
		Limits:      transferRates{m.rates},
		IdleTimeout: m.opts.IdleTimeout,
		Progress: func(n int) {
			total := it.bytes.Add(int64(n))
			m.received.Add(int64(n))
			it.speed.record(m.now(), total)
		},
		Plan: p.plan,
	}
}

// forRules is what rules.Decide needs to know of the outcome.
func (o outcome) forRules() rules.Outcome {
	return rules.Outcome{Finished: o.done || o.skipped || o.page != nil, ResumeNow: o.resumeNow, Reached: o.reached,
		Verdict: o.verdict}
}
