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

	"golang.org/x/time/rate"

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
	total     int64
	limits    Limits
	fromPage  bool
	referer   string
	format    sniff.Format // what an earlier attempt found the file to be
}

// outcome is how an attempt ended; a zero outcome means it was interrupted.
type outcome struct {
	done     bool
	skipped  bool
	page     *PageFound // the link was a web page; these are its pictures
	progress bool       // bytes were added to the part file
	written  int64      // how many
	verdict  verdict
	// now retries without waiting (the server could not resume; start over).
	now bool
}

func (m *Manager) jobLocked(it *item) job {
	it.attempts++
	if it.dir == "" {
		it.dir = m.dir
	}
	return job{dir: it.dir, url: it.url, name: it.name, ownsPart: it.ownsPart, validator: it.validator(),
		total: it.total.Load(), limits: m.limits, fromPage: it.fromPage, referer: it.referer,
		format: sniff.Format{MIME: it.mime, IsImage: it.isImage, Width: it.width, Height: it.height}}
}

// attempt makes one request for the item and streams its body to the part
// file; see DESIGN.md §3.
func (m *Manager) attempt(ctx context.Context, it *item, j job) outcome {
	if err := m.reqLimit.Wait(ctx); err != nil {
		return outcome{}
	}
	offset := int64(0)
	if j.name != "" && j.ownsPart {
		if fi, err := os.Stat(filepath.Join(j.dir, j.name+".part")); err == nil {
			offset = fi.Size()
		}
	}
	resuming := offset > 0 && (j.validator != "" || j.total > 0)
	if !resuming {
		offset = 0
	}
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

	total := int64(-1)
	switch {
	case resp.StatusCode == http.StatusPartialContent && resuming:
		start, size, ok := parseContentRange(resp.Header.Get("Content-Range"))
		if !ok || start != offset || (j.total > 0 && size >= 0 && size != j.total) {
			return m.startOver(it, ReasonWrongPart)
		}
		total = size
	case resp.StatusCode == http.StatusOK:
		offset = 0
		total = resp.ContentLength
	case resp.StatusCode == http.StatusRequestedRangeNotSatisfiable && resuming:
		return m.startOver(it, ReasonNoResume)
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return outcome{verdict: verdict{err: &ItemError{Kind: ErrServer, Reason: ReasonNoFile, Status: resp.StatusCode}}}
	default:
		return outcome{verdict: statusVerdict(resp, m.now())}
	}

	body := newIdleReader(resp.Body, m.opts.IdleTimeout, cancelAttempt)
	defer body.stop()
	var head []byte
	format := j.format
	if offset == 0 {
		var err error
		if head, err = readHead(body); err != nil {
			return m.transportOutcome(ctx, actx, err, j.url)
		}
		format = sniff.Detect(head)
		if o, isPage := m.pageOutcome(it, j, resp, head, body); isPage {
			return o
		}
		if sniff.ExpectImage(m.nameFor(it, resp), resp.Header.Get("Content-Type"), j.fromPage) && format.IsText {
			return outcome{verdict: verdict{err: notImageError(head, j.url, resp)}}
		}
	}
	return m.save(ctx, actx, it, j, resp, saveInput{offset: offset, total: total, head: head, body: body, format: format})
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

// startOver drops the part file so the next attempt begins at byte 0.
func (m *Manager) startOver(it *item, why Reason) outcome {
	m.mu.Lock()
	m.removePartLocked(it)
	it.etag, it.modified = "", ""
	it.total.Store(-1)
	m.mu.Unlock()
	return outcome{now: true, verdict: verdict{retry: true, err: &ItemError{Kind: ErrServer, Reason: why}}}
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
		chunk := buf
		limited := m.byteLimit.Limit() != rate.Inf
		if limited {
			chunk = buf[:min(len(buf), m.byteLimit.Burst())]
		}
		nr, rerr := body.Read(chunk)
		if nr > 0 {
			n, err := m.writeChunk(f, chunk[:nr], h, it)
			written += n
			if err != nil {
				return written, err
			}
			if limited {
				if err := m.byteLimit.WaitN(ctx, nr); err != nil {
					return written, err
				}
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
