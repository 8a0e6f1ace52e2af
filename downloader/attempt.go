package downloader

import (
	"context"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"haul/downloader/naming"
	"haul/downloader/sniff"
)

// copyBufferSize is the chunk size for streaming bodies to disk.
const copyBufferSize = 256 << 10

var bufPool = sync.Pool{New: func() any { b := make([]byte, copyBufferSize); return &b }}

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
	verdict verdict
	// restart drops the part file and tries again from byte 0: the server
	// could not resume, or the file changed since the part was started.
	restart bool
	// resumeNow asks for the rest of a temporary file an earlier run left
	// of this same version of the file, at once and without counting.
	resumeNow bool
}

func (m *Manager) jobLocked(it *item) job {
	it.attempts++
	if it.dir == "" {
		it.dir = filepath.Join(m.dir, it.subdir)
	}
	return job{dir: it.dir, url: it.url, name: it.name, ownsPart: it.ownsPart, validator: it.validator(),
		etag: it.etag, modified: it.modified,
		total: it.total.Load(), limits: m.limits, fromPage: it.fromPage, referer: it.referer,
		format: sniff.Format{MIME: it.mime, IsImage: it.isImage, Width: it.width, Height: it.height}}
}

// attempt makes one try for the item: the request, the answer checked,
// the body streamed to the part file, the file checked and moved into
// place. It changes no state of the item: it returns the outcome, which
// the manager applies.
func (m *Manager) attempt(ctx context.Context, it *item, j job) outcome {
	if err := m.rates.waitRequest(ctx); err != nil {
		return outcome{}
	}
	offset, resuming := resumePoint(j)
	if resuming && offset == j.total {
		return m.commitComplete(it, j)
	}
	actx, cancelAttempt := context.WithCancelCause(ctx)
	defer cancelAttempt(nil)
	resp, err := m.client.Do(m.request(actx, j, offset, resuming))
	if err != nil {
		return m.transportOutcome(ctx, actx, err, j.url)
	}
	defer resp.Body.Close()
	m.noteStatus(it, resp.StatusCode)
	span, refused := checkAnswer(j, resp, offset, resuming, m.now())
	if refused != nil {
		return *refused
	}
	body := newIdleReader(capBody(resp.Body, j.limits.MaxSize, span.offset), m.opts.IdleTimeout, cancelAttempt)
	defer body.stop()
	in := saveInput{offset: span.offset, total: span.total, body: body, format: j.format}
	if span.offset == 0 {
		if o, stop := m.readStart(ctx, actx, it, j, resp, &in); stop {
			return o
		}
	}
	return m.save(ctx, actx, it, j, resp, in)
}

// resumePoint is where the part file ends, when it can be resumed.
func resumePoint(j job) (int64, bool) {
	if j.name == "" || !j.ownsPart {
		return 0, false
	}
	fi, err := os.Lstat(filepath.Join(j.dir, j.name+".part"))
	if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 || j.validator == "" && j.total <= 0 {
		return 0, false
	}
	return fi.Size(), true
}

// span is the part of the file an answer carries: from offset to total
// (-1 when the size is unknown).
type span struct{ offset, total int64 }

// checkAnswer reads the status and headers of an answer: the span of the
// file it carries, or the outcome when it carries none.
func checkAnswer(j job, resp *http.Response, offset int64, resuming bool, now time.Time) (span, *outcome) {
	code := resp.StatusCode
	var s span
	switch {
	case code == http.StatusPartialContent && resuming:
		var o *outcome
		if s, o = partialSpan(j, resp.Header, offset); o != nil {
			return s, o
		}
	case code == http.StatusOK:
		s = span{offset: 0, total: resp.ContentLength}
	case code == http.StatusRequestedRangeNotSatisfiable && resuming:
		return s, startOver(ReasonNoResume)
	case code >= 200 && code < 300:
		return s, &outcome{verdict: verdict{err: &ItemError{Kind: ErrServer, Reason: ReasonNoFile, Status: code}}}
	default:
		return s, &outcome{verdict: statusVerdict(resp, now)}
	}
	if j.limits.MaxSize > 0 && s.total > j.limits.MaxSize {
		return s, &outcome{verdict: tooLarge(j.limits.MaxSize)}
	}
	return s, nil
}

// partialSpan checks a partial answer (206) to a resume: the same version
// of the file, from the byte asked for.
func partialSpan(j job, h http.Header, offset int64) (span, *outcome) {
	if changedSince(j, h) {
		return span{}, startOver(ReasonChanged)
	}
	start, size, ok := parseContentRange(h.Get("Content-Range"))
	if !ok || start != offset || (j.total > 0 && size >= 0 && size != j.total) {
		return span{}, startOver(ReasonWrongPart)
	}
	return span{offset: offset, total: size}, nil
}

// readStart reads the first bytes of a body that starts at byte 0, to know
// what the file really is: a web page to read for pictures, text or an
// empty file where a picture was expected, or nothing at all. It reports stop with the outcome
// when the try ends here.
func (m *Manager) readStart(ctx, actx context.Context, it *item, j job, resp *http.Response, in *saveInput) (outcome, bool) {
	head, err := readHead(in.body)
	if err != nil {
		return m.transportOutcome(ctx, actx, err, j.url), true
	}
	if len(head) == 0 && resp.ContentLength < 0 {
		return outcome{verdict: verdict{retry: true, err: &ItemError{Kind: ErrEmptyBody, Reason: ReasonEmptyBody, Status: resp.StatusCode}}}, true
	}
	in.head, in.format = head, sniff.Detect(head)
	if o, isPage := m.pageOutcome(it, j, resp, head, in.body); isPage {
		return o, true
	}
	expectImage := sniff.ExpectImage(m.nameFor(it, resp), resp.Header.Get("Content-Type"), j.fromPage)
	switch {
	case expectImage && len(head) == 0:
		return outcome{verdict: verdict{err: &ItemError{Kind: ErrEmptyBody, Reason: ReasonEmptyFile, Status: resp.StatusCode}}}, true
	case expectImage && in.format.IsText:
		return outcome{verdict: verdict{err: notImageError(head, j.url, resp)}}, true
	}
	return outcome{}, false
}

// request builds the GET for one attempt, with Range and If-Range when resuming.
func (m *Manager) request(ctx context.Context, j job, offset int64, resuming bool) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, j.url.String(), nil) // the URL was parsed by Add
	m.setHeaders(req, j.referer, j.limits.NoPageReferer)
	if resuming {
		req.Header.Set("Range", "bytes="+strconv.FormatInt(offset, 10)+"-")
		if j.validator != "" {
			req.Header.Set("If-Range", j.validator)
		}
	}
	return req
}

// setUserHeaders sends the user's headers and User-Agent.
func (m *Manager) setUserHeaders(req *http.Request) {
	for k, v := range m.opts.Header {
		req.Header[k] = v
	}
	req.Header.Set("User-Agent", m.opts.UserAgent)
}

// transportOutcome explains an error from the request or the body. An error
// caused by pausing, canceling or stopping the item is no failure.
func (m *Manager) transportOutcome(itemCtx, attemptCtx context.Context, err error, u *url.URL) outcome {
	if itemCtx.Err() != nil {
		return outcome{}
	}
	if cause := context.Cause(attemptCtx); errors.Is(cause, errIdle) {
		err = cause
	}
	return outcome{verdict: transportVerdict(err, u)}
}

// startOver asks for the next try to begin at byte 0, without the part file.
func startOver(why Reason) *outcome {
	return &outcome{restart: true, verdict: verdict{retry: true, err: &ItemError{Kind: ErrServer, Reason: why}}}
}

// nameFor picks the file name from the response, falling back to the final
// URL after redirects when the link itself names nothing.
func (m *Manager) nameFor(it *item, resp *http.Response) string {
	u := it.url
	if base := path.Base(u.Path); (base == "/" || base == ".") && resp.Request != nil {
		u = resp.Request.URL
	}
	return naming.FromResponse(resp.Header.Get("Content-Disposition"), u, resp.Header.Get("Content-Type"))
}

func (m *Manager) noteStatus(it *item, code int) {
	m.mu.Lock()
	it.status = code
	m.touchLocked(it)
	m.mu.Unlock()
}

// noteResponse records the validators, sizes and real format of a response about to be saved.
func (m *Manager) noteResponse(it *item, resp *http.Response, offset, total int64, format sniff.Format) {
	m.mu.Lock()
	if format.MIME != "" {
		it.mime, it.isImage, it.width, it.height = format.MIME, format.IsImage, format.Width, format.Height
	}
	if resp.StatusCode == http.StatusOK {
		it.etag = resp.Header.Get("ETag")
		it.modified = resp.Header.Get("Last-Modified")
	}
	it.total.Store(total)
	m.markDirtyLocked(it)
	m.mu.Unlock()
	it.bytes.Store(offset)
	it.speed.reset(m.now(), offset)
}

// markPartOwned records that the part file is the item's, and writes that
// to the journal at once, so that a crash right after cannot orphan it.
func (m *Manager) markPartOwned(it *item) {
	m.mu.Lock()
	changed := !it.ownsPart
	it.ownsPart = true
	if changed {
		m.markDirtyLocked(it)
	}
	m.mu.Unlock()
	if changed {
		m.flush(false)
	}
}

// errWrite marks a failure to write the part file, as opposed to reading the body.
var errWrite = errors.New("write failed")

// copyBody streams the body into f, feeding h when set and honouring the
// byte limiter.
func (m *Manager) copyBody(ctx context.Context, f partFile, body io.Reader, h hash.Hash, it *item) (int64, error) {
	bp := bufPool.Get().(*[]byte)
	defer bufPool.Put(bp)
	buf := *bp
	var written int64
	for {
		chunk := buf[:m.rates.chunk(len(buf))]
		nr, rerr := body.Read(chunk)
		if nr > 0 {
			n, err := m.writeChunk(f, chunk[:nr], h, it)
			written += n
			if err != nil {
				return written, err
			}
			if err := m.rates.waitBytes(ctx, nr); err != nil {
				return written, err
			}
		}
		if rerr == io.EOF {
			return written, nil
		}
		if rerr != nil {
			return written, rerr
		}
	}
}

// writeChunk writes to the part file and counts the progress.
func (m *Manager) writeChunk(f partFile, p []byte, h hash.Hash, it *item) (int64, error) {
	nw, err := f.Write(p)
	if h != nil {
		h.Write(p[:nw])
	}
	total := it.bytes.Add(int64(nw))
	m.received.Add(int64(nw))
	it.speed.record(m.now(), total)
	if err != nil {
		return int64(nw), fmt.Errorf("%w: %w", errWrite, err)
	}
	return int64(nw), nil
}

// commit moves the finished part file to its final name without replacing
// a file that appeared meanwhile (unless the policy is Overwrite).
func (m *Manager) commit(it *item, part string, policy ExistsPolicy) error {
	for range 1000 {
		m.mu.Lock()
		name := it.name
		m.mu.Unlock()
		final := filepath.Join(it.dir, name)
		err := commitFile(part, final, policy == Overwrite)
		if err == nil {
			m.mu.Lock()
			it.path, it.ownsPart = final, false
			m.mu.Unlock()
			return nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return err
		}
		part = m.renameAfterClash(it, part)
	}
	return fmt.Errorf("save %s: no free name", it.name)
}

// renameAfterClash gives the item the next free numbered name and moves
// its part file along; it returns the part file's path.
func (m *Manager) renameAfterClash(it *item, part string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	base := it.name
	delete(m.names, nameKey(it.dir, base))
	for n := 2; n < 1000; n++ {
		name := naming.Numbered(base, n)
		key := nameKey(it.dir, name)
		full := filepath.Join(it.dir, name)
		if _, taken := m.names[key]; taken || fileExists(full) || fileExists(full+".part") {
			continue
		}
		if err := os.Rename(part, full+".part"); err != nil {
			continue
		}
		m.names[key] = it.id
		it.name = name
		m.markDirtyLocked(it)
		return full + ".part"
	}
	return part
}

// parseContentRange reads "bytes START-END/SIZE"; size is -1 for "*".
func parseContentRange(v string) (start, size int64, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimSpace(v), "bytes ")
	if !found {
		return 0, 0, false
	}
	span, sizeText, found := strings.Cut(rest, "/")
	if !found {
		return 0, 0, false
	}
	startText, _, found := strings.Cut(span, "-")
	if !found {
		return 0, 0, false
	}
	start, err := strconv.ParseInt(startText, 10, 64)
	if err != nil || start < 0 {
		return 0, 0, false
	}
	if sizeText == "*" {
		return start, -1, true
	}
	size, err = strconv.ParseInt(sizeText, 10, 64)
	if err != nil || size <= start {
		return 0, 0, false
	}
	return start, size, true
}

// changedSince says a partial answer comes from another version of the
// file than the part was started with: its ETag or Last-Modified differs.
func changedSince(j job, h http.Header) bool {
	etag, modified := h.Get("ETag"), h.Get("Last-Modified")
	return j.etag != "" && etag != "" && etag != j.etag ||
		j.modified != "" && modified != "" && modified != j.modified
}
