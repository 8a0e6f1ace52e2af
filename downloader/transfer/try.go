package transfer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash"
	"io"
	"net/http"
	"sync"

	"haul/downloader/pages"
	"haul/downloader/sniff"
)

// CopyBufferSize is the chunk size for streaming bodies to disk.
const CopyBufferSize = 256 << 10

var bufPool = sync.Pool{New: func() any { b := make([]byte, CopyBufferSize); return &b }}

// errWrite marks a failure to write the temporary file, as opposed to
// reading the body.
var errWrite = errors.New("write failed")

// try is one try once its answer is accepted.
type try struct {
	ctx, tctx context.Context // the item's, and the try's own (ended by the idle timeout)
	env       Env
	job       Job
	resp      *http.Response
	body      io.Reader
	span      span
}

// answer reads the first bytes of a body that starts at byte 0: the
// answer the engine makes its plan of. ok is false when the try ended
// there, with r saying how.
func (t *try) answer() (a Answer, r Result, ok bool) {
	a = Answer{Resp: t.resp, Offset: t.span.offset, Total: t.span.total, Ranges: takesRanges(t.resp) && encodings(t.resp.Header) == nil}
	if a.Offset == 0 {
		head, err := readHead(t.body, t.span.total)
		if err != nil {
			return a, t.with(readFailed(t.ctx, t.tctx, err, 0)), false
		}
		if len(head) == 0 && t.resp.ContentLength < 0 {
			return a, t.with(Result{Ending: EmptyBody}), false
		}
		a.Head, a.Format = head, sniff.Detect(head)
	}
	return a, Result{}, true
}

// carryOut does what the plan says with the answer.
func (t *try) carryOut(p Plan, a Answer) Result {
	switch {
	case p.Stop:
		return t.with(Result{Ending: Stopped})
	case p.ReadPage:
		return t.readPage(a.Head)
	case p.OpenErr != nil:
		return t.with(Result{Ending: OpenFailed, Err: p.OpenErr})
	case p.Split != nil:
		return t.with(t.split(p, a))
	}
	return t.save(p, a)
}

// with adds the answer to a result.
func (t *try) with(r Result) Result {
	r.Resp = t.resp
	return r
}

// readPage reads the body as a web page, for the pictures on it.
func (t *try) readPage(head []byte) Result {
	page := t.resp.Request.URL
	images, _, err := pages.Find(io.MultiReader(bytes.NewReader(head), io.LimitReader(t.body, pages.MaxPageBytes)), page)
	if err != nil {
		return t.with(Result{Ending: PageUnreadable, Err: err})
	}
	return t.with(Result{Ending: PageRead, Page: &Page{URL: page.String(), Images: images}})
}

// save streams the body into the plan's file and checks its length.
func (t *try) save(p Plan, a Answer) Result {
	f := p.File
	n, err := t.write(f, a.Head, p.Hash)
	if err == nil {
		var rest int64
		rest, err = t.copy(f, p.Hash)
		n += rest
	}
	var reached int64
	if n > 0 {
		reached = a.Offset + n
	}
	if err == nil && a.Total >= 0 && a.Offset+n != a.Total {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		f.Close()
		return t.with(t.bodyFailed(err, reached))
	}
	t.resp.Body.Close()
	return t.with(Result{Ending: Complete, File: f, Reached: reached})
}

// bodyFailed explains a body that could not be received whole: a failure
// to write, or to read.
func (t *try) bodyFailed(err error, reached int64) Result {
	if errors.Is(err, errWrite) {
		return Result{Ending: WriteFailed, Err: err, Reached: reached}
	}
	return readFailed(t.ctx, t.tctx, err, reached)
}

// copy streams the rest of the body into f, feeding h when set and
// honouring the byte limiter.
func (t *try) copy(f PartFile, h hash.Hash) (int64, error) {
	bp := bufPool.Get().(*[]byte)
	defer bufPool.Put(bp)
	buf := *bp
	var written int64
	for {
		chunk := buf[:t.env.Limits.Chunk(len(buf))]
		nr, rerr := t.body.Read(chunk)
		if nr > 0 {
			n, err := t.write(f, chunk[:nr], h)
			written += n
			if err != nil {
				return written, err
			}
			if err := t.env.Limits.WaitBytes(t.tctx, nr); err != nil {
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

// write writes to f and counts the progress.
func (t *try) write(f PartFile, p []byte, h hash.Hash) (int64, error) {
	nw, err := f.Write(p)
	if h != nil {
		h.Write(p[:nw])
	}
	t.env.Progress(nw)
	if err != nil {
		return int64(nw), fmt.Errorf("%w: %w", errWrite, err)
	}
	return int64(nw), nil
}
