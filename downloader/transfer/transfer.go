// Package transfer makes one try of one download: the request, the answer
// checked, the body streamed into the temporary file within the limits
// it is given, and its length verified. It never reaches back into the
// download manager: everything it needs comes in a [Job] and an [Env], and
// the one decision it needs on the way (once the answer is known: where
// the body goes, or whether to stop) comes from the [Env.Plan] hook. It
// returns a [Result]; the manager decides what follows.
package transfer

import (
	"context"
	"hash"
	"io"
	"net/http"
	"net/url"
	"time"

	"haul/downloader/sniff"
)

// Job is what one try needs to know of its item.
type Job struct {
	// URL is the link.
	URL *url.URL
	// Request is the GET for the link, with the user's and the site's
	// headers; each try sends a copy, with Range and If-Range when resuming.
	Request *http.Request
	// Part is the temporary file the item owns ("" when it owns none yet);
	// a try resumes it when it can.
	Part string
	// ETag and Modified are the version the temporary file was started
	// with; Validator is the one If-Range sends ("" for none).
	ETag, Modified, Validator string
	// Total is the file's size when known, else -1.
	Total int64
	// MaxSize is the largest file accepted, in bytes; 0 is no limit.
	MaxSize int64
}

// Env is what a try is given to work with.
type Env struct {
	// Client sends the request.
	Client Doer
	// Limits paces requests and bytes.
	Limits Limiter
	// IdleTimeout ends a try whose server sends nothing for this long.
	IdleTimeout time.Duration
	// Progress counts bytes written; it is called from the try's goroutine
	// and must not block.
	Progress func(n int)
	// Plan is asked once the answer is accepted, before any byte is
	// written: where the body goes, or whether to stop.
	Plan func(Answer) Plan
}

// Doer sends an HTTP request; *http.Client is one.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// Limiter paces requests and the bytes read.
type Limiter interface {
	// WaitRequest waits until a request may start.
	WaitRequest(ctx context.Context) error
	// Chunk is how much to read at once, at most size.
	Chunk(size int) int
	// WaitBytes waits until n more bytes may be read.
	WaitBytes(ctx context.Context, n int) error
}

// PartFile is what a body is written into: a temporary file, or a fake in tests.
type PartFile interface {
	io.Writer
	Sync() error
	Close() error
}

// Answer is an accepted answer, as the Plan hook sees it.
type Answer struct {
	// Resp is the answer; its body belongs to the try.
	Resp *http.Response
	// Offset is the byte the body starts at; Total the file's size, or -1.
	Offset, Total int64
	// Head is the body's first bytes, read when it starts at byte 0.
	Head []byte
	// Format is what Head says the file is (zero when resuming).
	Format sniff.Format
}

// Plan is the manager's answer to an Answer.
type Plan struct {
	// Stop ends the try before anything is written; the hook keeps its reason.
	Stop bool
	// ReadPage reads the body as a web page instead of saving it.
	ReadPage bool
	// Open opens where the body goes.
	Open func() (PartFile, error)
	// Hash, when set, is fed with every byte written.
	Hash hash.Hash
}

// Run makes one try. ctx is the item's: when it ends, the result is
// Interrupted, whatever else went wrong.
func Run(ctx context.Context, j Job, env Env) Result {
	if err := env.Limits.WaitRequest(ctx); err != nil {
		return Result{Ending: Interrupted}
	}
	offset, resuming := resumePoint(j)
	if resuming && offset == j.Total {
		return Result{Ending: AlreadyWhole}
	}
	tctx, cancelTry := context.WithCancelCause(ctx)
	defer cancelTry(nil)
	var conn connWatch
	resp, err := env.Client.Do(request(conn.watch(tctx), j, offset, resuming))
	if err != nil {
		return readFailed(ctx, tctx, conn.explain(err), 0)
	}
	defer resp.Body.Close()
	s, refused, ok := checkAnswer(j, resp, offset, resuming)
	if !ok {
		return Result{Ending: refused, Resp: resp}
	}
	body := newIdleReader(capBody(resp.Body, j.MaxSize, s.offset), env.IdleTimeout, cancelTry)
	defer body.stop()
	t := &try{ctx: ctx, tctx: tctx, env: env, resp: resp, body: body, span: s}
	return t.run()
}
