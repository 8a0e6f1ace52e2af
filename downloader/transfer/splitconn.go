package transfer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"haul/downloader/ranges"
)

// serve is one connection of a split file: it streams its span, then
// takes another, until none is left or it fails. body is the answer it
// starts with (nil to ask for its span first).
func (s *splitRun) serve(c *splitConn, body io.Reader, closeBody func(), rctx context.Context) {
	started := body != nil
	for {
		if body == nil {
			var ev *connEvent
			body, closeBody, rctx, ev = s.open(c)
			if ev != nil {
				// A connection the site has served asks again: that is not
				// one more, and the site may still be sending the answer it
				// cut short.
				ev.oneMore = ev.oneMore && !started
				s.giveBack(c, ev.refused || errors.Is(ev.fail.Err, ErrWholeAnswer))
				s.events <- *ev
				return
			}
			if !started {
				started = true
				s.events <- connEvent{c: c, started: true}
			}
		}
		fail := s.stream(c, body, rctx)
		if fail == nil && s.whole(c) {
			drainEOF(body)
		}
		closeBody()
		if fail != nil {
			s.giveBack(c, true)
			s.events <- connEvent{c: c, fail: fail}
			return
		}
		body = nil
		if !s.assign(c) {
			s.events <- connEvent{c: c}
			return
		}
	}
}

// whole says the connection fetched the whole span it asked for, so its
// answer ends here and the connection may carry the next request.
func (s *splitRun) whole(c *splitConn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return c.asked > 0 && c.end == c.asked
}

// drainEOF reads the end of an answer whose bytes are all in, so the
// connection is kept for the next request.
func drainEOF(body io.Reader) {
	var b [1]byte
	body.Read(b[:])
}

// stream reads the connection's span from body into the file.
func (s *splitRun) stream(c *splitConn, body io.Reader, rctx context.Context) *Result {
	bp := bufPool.Get().(*[]byte)
	defer bufPool.Put(bp)
	buf := *bp
	for {
		want := s.reserve(c, s.t.env.Limits.Chunk(len(buf)))
		if want == 0 {
			return nil
		}
		n, rerr := body.Read(buf[:want])
		if n > 0 {
			if err := s.write(c, buf[:n]); err != nil {
				return &Result{Ending: WriteFailed, Err: err}
			}
			if err := s.t.env.Limits.WaitBytes(rctx, n); err != nil {
				rerr = err
			}
		}
		if rerr == io.EOF {
			if s.spanWhole(c) {
				return nil // the last bytes came with the end of the answer
			}
			rerr = io.ErrUnexpectedEOF
		}
		if rerr != nil {
			r := readFailed(s.t.ctx, rctx, rerr, 0)
			return &r
		}
	}
}

// spanWhole says the connection has every byte of its span.
func (s *splitRun) spanWhole(c *splitConn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return c.pos >= c.end
}

// reserve is how much the connection may read next, at most size: what is
// left of its span.
func (s *splitRun) reserve(c *splitConn, size int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	want := min(int64(size), max(c.end-c.pos, 0))
	c.reserved = c.pos + want
	return int(want)
}

// write writes p at the connection's place and counts it.
func (s *splitRun) write(c *splitConn, p []byte) error {
	s.mu.Lock()
	at := c.pos
	s.mu.Unlock()
	nw, err := s.at.WriteAt(p, at)
	s.mu.Lock()
	c.pos += int64(nw)
	s.unsaved += int64(nw)
	due := s.unsaved >= checkpointBytes
	if due {
		s.unsaved = 0
	}
	s.mu.Unlock()
	s.plan.Tracker.Written(at, int64(nw))
	s.t.env.Progress(nw)
	if due {
		select {
		case s.due <- struct{}{}:
		default:
		}
	}
	if err != nil {
		return fmt.Errorf("%w: %w", errWrite, err)
	}
	return nil
}

// hasWork says a new connection would find something to fetch.
func (s *splitRun) hasWork() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.victimLocked(nil)
	return len(s.pending) > 0 || ok
}

// assign gives the connection its next span: one no one fetches, else
// the back half of the span with the most left. It says false when
// nothing is worth taking, and the connection is done.
func (s *splitRun) assign(c *splitConn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pending) > 0 {
		next := s.pending[0]
		s.pending = s.pending[1:]
		c.pos, c.reserved, c.end, c.from = next.Start, next.Start, next.End, nil
		s.conns[c] = struct{}{}
		return true
	}
	v, ok := s.victimLocked(c)
	if !ok {
		delete(s.conns, c)
		return false
	}
	from := max(v.reserved, v.pos)
	mid := from + (v.end-from)/2
	c.pos, c.reserved, c.end, c.from = mid, mid, v.end, v
	v.end = mid
	s.conns[c] = struct{}{}
	return true
}

// victimLocked is the connection other than c with the most left to
// fetch, when that is worth splitting.
func (s *splitRun) victimLocked(c *splitConn) (*splitConn, bool) {
	var best *splitConn
	var most int64
	for v := range s.conns {
		if left := v.end - max(v.reserved, v.pos); v != c && left > most {
			best, most = v, left
		}
	}
	return best, most >= 2*minSteal
}

// giveBack puts what is left of a failed connection's span back: to the
// connection it was taken from when toOwner allows and that one can read
// on, else for another connection to fetch. A connection that met another
// version or an encoded part gives nothing to its owner, so the file
// starts over rather than being finished by whichever answer ends first.
func (s *splitRun) giveBack(c *splitConn, toOwner bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.conns, c)
	if c.pos < c.end && !(toOwner && s.returnLocked(c)) {
		s.pending = append(s.pending, ranges.Span{Start: c.pos, End: c.end})
	}
}

// returnLocked gives what is left of c's span back to the connection it
// was taken from, when that one has not reached its end and its request
// asks for those bytes too: it reads on, rather than cutting its answer
// short and asking for the same bytes again, which a site that counts
// connections would refuse while it still sends the answer cut short.
func (s *splitRun) returnLocked(c *splitConn) bool {
	v := c.from
	if v == nil {
		return false
	}
	if _, live := s.conns[v]; !live || v.end != c.pos || v.pos >= v.end || c.end > s.askedEnd(v) {
		return false
	}
	v.end = c.end
	return true
}

// askedEnd is where the answer to c's last request ends: for the try's own
// answer, at least the end of the first span.
func (s *splitRun) askedEnd(c *splitConn) int64 {
	if c.asked == 0 {
		return s.plan.Holes[0].End
	}
	return c.asked
}

// open asks for the connection's span and checks the answer: the body to
// stream, or the event that ends the connection.
func (s *splitRun) open(c *splitConn) (io.Reader, func(), context.Context, *connEvent) {
	if err := s.t.env.Limits.WaitFileRequest(s.ctx); err != nil {
		return nil, nil, nil, &connEvent{c: c, fail: &Result{Ending: Interrupted}}
	}
	rctx, cancelReq := context.WithCancelCause(s.ctx)
	var conn connWatch
	resp, err := s.t.env.Client.Do(s.request(conn.watch(rctx), c))
	if err != nil {
		cancelReq(nil)
		r := readFailed(s.t.ctx, rctx, conn.explain(err), 0)
		return nil, nil, nil, lostEvent(c, &r, s.ctx.Err() != nil, conn.reused)
	}
	if ev := s.checkPart(c, resp); ev != nil {
		resp.Body.Close()
		cancelReq(nil)
		return nil, nil, nil, ev
	}
	body := newIdleReader(resp.Body, s.t.env.IdleTimeout, cancelReq)
	return body, func() {
		body.stop()
		resp.Body.Close()
		cancelReq(nil)
	}, rctx, nil
}

// lostEvent is the event of a connection whose request got no answer: no
// refusal when Haul itself ended the request (cancelled), nor one more
// connection than the site takes when it went out on a connection that had
// carried an answer before (which the site may have closed as idle); a new
// connection that is refused or reset is.
func lostEvent(c *splitConn, fail *Result, cancelled, reused bool) *connEvent {
	return &connEvent{c: c, fail: fail, refused: !cancelled, oneMore: !cancelled && !reused}
}

// request is the GET for the connection's span, of the file's version only.
func (s *splitRun) request(ctx context.Context, c *splitConn) *http.Request {
	s.mu.Lock()
	from, to := c.pos, c.end-1
	c.asked = c.end
	s.mu.Unlock()
	req := s.t.job.Request.Clone(ctx)
	req.Header.Set("Range", "bytes="+strconv.FormatInt(from, 10)+"-"+strconv.FormatInt(to, 10))
	if s.ifRange != "" {
		req.Header.Set("If-Range", s.ifRange)
	}
	return req
}

// checkPart checks the answer to a span's request: the part asked for, of
// the file's version. Another version ends the run Changed; the whole file
// (200) means the server serves one connection from the start, which is
// no refusal (ErrWholeAnswer); anything else refuses the connection.
func (s *splitRun) checkPart(c *splitConn, resp *http.Response) *connEvent {
	if resp.StatusCode/100 == 2 && changedSince(s.version, resp.Header) {
		return &connEvent{c: c, fail: &Result{Ending: Changed, Resp: resp}}
	}
	if resp.StatusCode == http.StatusOK {
		return &connEvent{c: c, fail: &Result{Ending: WrongPart, Resp: resp, Err: ErrWholeAnswer}}
	}
	if resp.StatusCode != http.StatusPartialContent {
		return &connEvent{c: c, fail: &Result{Ending: Refused, Resp: resp}, refused: true, oneMore: true}
	}
	if encodings(resp.Header) != nil {
		return &connEvent{c: c, fail: &Result{Ending: WrongPart, Resp: resp, Err: ErrEncodedPart}}
	}
	s.mu.Lock()
	from := c.pos
	s.mu.Unlock()
	start, _, size, ok := parseContentRange(resp.Header.Get("Content-Range"))
	if !ok || start != from || size != s.total {
		return &connEvent{c: c, fail: &Result{Ending: WrongPart, Resp: resp}}
	}
	return nil
}

// versionOf is the version of the file the run fetches: the answer's
// validators, else the ones the file was started with.
func versionOf(a Answer, j Job) Job {
	h := a.Resp.Header
	return Job{ETag: cmp.Or(h.Get("ETag"), j.ETag), Modified: cmp.Or(h.Get("Last-Modified"), j.Modified)}
}

// ifRangeOf is the validator a span's request sends: a strong ETag, else
// the Last-Modified date.
func ifRangeOf(v Job) string {
	if v.ETag != "" && !strings.HasPrefix(v.ETag, "W/") {
		return v.ETag
	}
	return v.Modified
}
