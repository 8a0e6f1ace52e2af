// Package transfer makes one try of one download in two steps that return
// values: [Open] sends the request and checks the answer (an [Opened]
// holding it, or the [Result] of a try that already ended), and
// [Opened.Finish] carries out the [Plan] the engine made of the answer:
// the body streamed into the file the engine opened, within the limits it
// is given, and its length verified; or the body read as a web page; or
// the try stopped. It never reaches back into the engine: everything it
// needs comes in a [Job], an [Env] and the Plan.
package transfer

import (
	"context"
	"hash"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"haul/downloader/ranges"
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
	// Holes are the parts still missing of a file an earlier try fetched
	// over several connections (nil for a file written from its start): a
	// try asks for the first, and the Plan's Split for the rest.
	Holes ranges.Holes
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
}

// Doer sends an HTTP request; *http.Client is one.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// Limiter paces requests and the bytes read.
type Limiter interface {
	// WaitFileRequest waits until a request for a file's bytes may
	// start: downloads are not held (by the schedule) and the request
	// rate allows one.
	WaitFileRequest(ctx context.Context) error
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

// Answer is an accepted answer, for the engine to make its Plan.
type Answer struct {
	// Resp is the answer; its body belongs to the try.
	Resp *http.Response
	// Offset is the byte the body starts at; Total the file's size, or -1.
	Offset, Total int64
	// Head is the body's first bytes, read when it starts at byte 0.
	Head []byte
	// Format is what Head says the file is (zero when resuming).
	Format sniff.Format
	// Ranges says the server takes requests for parts of the file, so
	// the rest may be fetched over several connections (see Split).
	Ranges bool
}

// Plan is what the engine makes of an Answer.
type Plan struct {
	// Stop ends the try before anything is written; the engine keeps its reason.
	Stop bool
	// ReadPage reads the body as a web page instead of saving it.
	ReadPage bool
	// File is where the body goes, opened by the engine; OpenErr is why
	// it could not be opened, which ends the try OpenFailed.
	File    PartFile
	OpenErr error
	// Hash, when set, is fed with every byte written.
	Hash hash.Hash
	// Split, when set, fetches the file over several connections at once
	// into File, which must then be an io.WriterAt; Hash is not fed.
	Split *Split
}

// Opened is a try whose answer was accepted: its Answer waits for the
// engine's Plan, which Finish carries out. Every Opened must be finished.
type Opened struct {
	// Answer is the accepted answer.
	Answer Answer
	t      *try
	done   func()
}

// Open sends the request of one try and checks the answer, reading the
// first bytes of a body that starts at byte 0. A try that ended already
// (the answer refused, the file already whole, a failure) gives its Result
// and no Opened. ctx is the item's: when it ends, the result is
// Interrupted, whatever else went wrong.
func Open(ctx context.Context, j Job, env Env) (*Opened, Result) {
	if err := env.Limits.WaitFileRequest(ctx); err != nil {
		return nil, Result{Ending: Interrupted}
	}
	offset, resuming := resumePoint(j)
	if resuming && offset == j.Total {
		return nil, Result{Ending: AlreadyWhole}
	}
	tctx, cancelTry := context.WithCancelCause(ctx)
	var conn connWatch
	resp, err := env.Client.Do(request(conn.watch(tctx), j, offset, resuming))
	if err != nil {
		cancelTry(nil)
		return nil, readFailed(ctx, tctx, conn.explain(err), 0)
	}
	s, refused, ok := checkAnswer(j, resp, offset, resuming)
	if !ok {
		var head []byte
		if refused == Refused {
			head = refusalHead(resp.Body, env.IdleTimeout, cancelTry)
		}
		resp.Body.Close()
		cancelTry(nil)
		return nil, Result{Ending: refused, Resp: resp, Head: head}
	}
	idle := newIdleReader(resp.Body, env.IdleTimeout, cancelTry)
	dec := decodeBody(idle, encodings(resp.Header), framed(resp))
	body := capBody(dec, j.MaxSize, s.offset)
	o := &Opened{t: &try{ctx: ctx, tctx: tctx, env: env, job: j, resp: resp, body: body, span: s}, done: func() {
		idle.stop()
		resp.Body.Close()
		dec.Close()
		cancelTry(nil)
	}}
	a, r, ok := o.t.answer()
	if !ok {
		o.done()
		return nil, r
	}
	o.Answer = a
	return o, Result{}
}

// Finish carries out the engine's plan for the answer and returns how the
// try ended.
func (o *Opened) Finish(p Plan) Result {
	defer o.done()
	return o.t.carryOut(p, o.Answer)
}

// refusalHeadSize is how much of a refusal's body is read: enough for a
// site's "too many requests, please wait" in its own words.
const refusalHeadSize = 1024

// refusalHead reads the first bytes of a refusal's body, for the site's
// own words; a body that stalls gives what came before.
func refusalHead(body io.Reader, idle time.Duration, cancel context.CancelCauseFunc) []byte {
	r := newIdleReader(io.LimitReader(body, refusalHeadSize), idle, cancel)
	head, _ := io.ReadAll(r)
	return head
}

// resumePoint is where the temporary file ends, when it can be resumed:
// it is the item's, not empty, and its version is known. A file whose
// answer named no version (no strong ETag, no Last-Modified) is fetched
// again from byte 0, as browsers do: nothing tells whether the server
// still has the bytes it holds, and appending the rest of another version
// to them would save a file that never existed.
func resumePoint(j Job) (int64, bool) {
	if j.Part == "" {
		return 0, false
	}
	fi, err := os.Lstat(j.Part)
	if err != nil || !fi.Mode().IsRegular() {
		return 0, false
	}
	if len(j.Holes) > 0 {
		return j.Holes[0].Start, j.Validator != "" && j.Total > 0
	}
	if fi.Size() == 0 || j.Validator == "" {
		return 0, false
	}
	return fi.Size(), true
}

// takesRanges says the server answers requests for parts of the file:
// it says so, or it just did.
func takesRanges(resp *http.Response) bool {
	return resp.StatusCode == http.StatusPartialContent || strings.EqualFold(resp.Header.Get("Accept-Ranges"), "bytes")
}

// request makes the GET for one try, with Range and If-Range when resuming.
func request(ctx context.Context, j Job, offset int64, resuming bool) *http.Request {
	req := j.Request.Clone(ctx)
	if resuming {
		req.Header.Set("Range", "bytes="+strconv.FormatInt(offset, 10)+"-")
		req.Header.Set("If-Range", j.Validator)
	}
	return req
}

// span is the part of the file an answer carries: from offset to total
// (-1 when the size is unknown).
type span struct{ offset, total int64 }

// checkAnswer reads the status and headers of an answer: the span of the
// file it carries (ok), or how the try ends when it carries none.
func checkAnswer(j Job, resp *http.Response, offset int64, resuming bool) (s span, e Ending, ok bool) {
	code := resp.StatusCode
	switch {
	case code == http.StatusPartialContent && resuming:
		if s, e, ok = partialSpan(j, resp.Header, offset); !ok {
			return s, e, false
		}
	case code == http.StatusOK && labelledPart(resp):
		return s, WrongPart, false
	case code == http.StatusOK:
		s = span{offset: 0, total: resp.ContentLength}
	case code == http.StatusPartialContent && wholeFile(resp):
		s = span{offset: 0, total: resp.ContentLength}
	case code == http.StatusRequestedRangeNotSatisfiable && resuming:
		return s, CannotResume, false
	case code >= 200 && code < 300:
		return s, NoFile, false
	default:
		return s, Refused, false
	}
	return boundedSpan(j, resp.Header, s)
}

// boundedSpan checks the span of an answer against how it is encoded and
// the size limit: an encoded answer is read from its start only and its
// size is known once decoded.
func boundedSpan(j Job, h http.Header, s span) (span, Ending, bool) {
	if encs := encodings(h); len(encs) > 0 {
		if s.offset > 0 {
			return s, CannotResume, false // a part of encoded bytes cannot be decoded alone, nor spliced with decoded ones
		}
		if decodable(encs) {
			s.total = -1 // the length announced is the encoded one; the size limit counts decoded bytes
		}
	}
	if j.MaxSize > 0 && s.total > j.MaxSize {
		return s, TooLarge, false
	}
	return s, 0, true
}

// partialSpan checks a partial answer (206) to a resume: the same version
// of the file, from the byte asked for.
func partialSpan(j Job, h http.Header, offset int64) (span, Ending, bool) {
	if changedSince(j, h) {
		return span{}, Changed, false
	}
	start, _, size, ok := parseContentRange(h.Get("Content-Range"))
	if !ok || start != offset || (j.Total > 0 && size >= 0 && size != j.Total) {
		return span{}, WrongPart, false
	}
	return span{offset: offset, total: size}, 0, true
}

// changedSince says a partial answer may come from another version of the
// file than the temporary file was started with: its ETag or Last-Modified
// differs, or it has no ETag though the file had one. A server sends the
// ETag with a 206 whenever it would with a 200 (RFC 9110, 15.3.7); one
// that leaves it out may have ignored If-Range, and its bytes could be
// another version's.
func changedSince(j Job, h http.Header) bool {
	etag, modified := h.Get("ETag"), h.Get("Last-Modified")
	return j.ETag != "" && etag != j.ETag ||
		j.Modified != "" && modified != "" && modified != j.Modified
}

// labelledPart says an answer carries a Content-Range of less than the
// whole file: a part of the file, even when its status says 200.
func labelledPart(resp *http.Response) bool {
	return resp.Header.Get("Content-Range") != "" && !wholeFile(resp)
}

// wholeFile says a partial answer (206) to a request for the whole file
// holds the whole file all the same, as some servers answer every request:
// its range is "bytes 0-LAST/SIZE" with LAST the file's last byte, and its
// length, SIZE.
func wholeFile(resp *http.Response) bool {
	start, last, size, ok := parseContentRange(resp.Header.Get("Content-Range"))
	return ok && start == 0 && size > 0 && last == size-1 && resp.ContentLength == size
}

// parseContentRange reads "bytes START-LAST/SIZE"; last is -1 when it is
// not a number, size is -1 for "*".
func parseContentRange(v string) (start, last, size int64, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimSpace(v), "bytes ")
	if !found {
		return 0, 0, 0, false
	}
	span, sizeText, found := strings.Cut(rest, "/")
	if !found {
		return 0, 0, 0, false
	}
	startText, lastText, found := strings.Cut(span, "-")
	if !found {
		return 0, 0, 0, false
	}
	start, err := strconv.ParseInt(startText, 10, 64)
	if err != nil || start < 0 {
		return 0, 0, 0, false
	}
	last, err = strconv.ParseInt(lastText, 10, 64)
	if err != nil {
		last = -1
	}
	if sizeText == "*" {
		return start, last, -1, true
	}
	size, err = strconv.ParseInt(sizeText, 10, 64)
	if err != nil || size <= start {
		return 0, 0, 0, false
	}
	return start, last, size, true
}
