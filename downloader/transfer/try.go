package transfer

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"hash"
	"io"
	"net/http"
	"net/http/httptrace"
	"slices"
	"strings"
	"sync"
	"time"

	"haul/downloader/pages"
	"haul/downloader/sniff"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
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
		if err := t.env.Limits.WaitBytes(t.tctx, len(head)); err != nil {
			return a, t.with(readFailed(t.ctx, t.tctx, err, 0)), false
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

// idleReader cancels the try when a Read waits longer than the idle
// timeout: a stalled server cannot hold a slot forever, while a slow but
// moving download is never cut. Time spent outside Read (writing, waiting
// for the byte limiter) does not count.
type idleReader struct {
	r     io.Reader
	d     time.Duration
	timer *time.Timer
}

func newIdleReader(r io.Reader, d time.Duration, cancel context.CancelCauseFunc) *idleReader {
	t := time.AfterFunc(time.Hour, func() { cancel(ErrIdle) })
	t.Stop()
	return &idleReader{r: r, d: d, timer: t}
}

func (ir *idleReader) Read(p []byte) (int, error) {
	ir.timer.Reset(ir.d)
	n, err := ir.r.Read(p)
	ir.timer.Stop()
	return n, err
}

func (ir *idleReader) stop() { ir.timer.Stop() }

// readHead reads the first bytes of a body (less when the body is shorter),
// enough to tell what the file really is. total is the announced length
// (negative when unknown): a shorter body needs no bigger buffer.
func readHead(r io.Reader, total int64) ([]byte, error) {
	size := sniff.HeadSize
	if total >= 0 && total < int64(size) {
		size = int(total)
	}
	head := make([]byte, size)
	n, err := io.ReadFull(r, head)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = nil
	}
	return head[:n], err
}

// TooLargeError is a body that went on past the size limit.
type TooLargeError struct{ Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the file is larger than the size limit of %d bytes", e.Limit)
}

// capReader fails a body once it goes past the size limit, for answers
// that announce no length (or lie about it).
type capReader struct {
	r     io.Reader
	left  int64
	limit int64
}

// capBody limits a body that starts at offset to the size limit (0: no limit).
func capBody(r io.Reader, limit, offset int64) io.Reader {
	if limit <= 0 {
		return r
	}
	return &capReader{r: r, left: limit - offset, limit: limit}
}

// Read reads at most one byte past the limit, which is enough to know the
// body is too large.
func (c *capReader) Read(p []byte) (int, error) {
	if int64(len(p)) > c.left+1 {
		p = p[:max(c.left+1, 1)]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n, &TooLargeError{Limit: c.limit}
	}
	return n, err
}

// encodings lists the Content-Encoding of an answer, outermost last, as
// the server applied them; nil when the body is the file as it is.
func encodings(h http.Header) []string {
	var out []string
	for _, v := range h.Values("Content-Encoding") {
		for e := range strings.SplitSeq(v, ",") {
			if e = strings.ToLower(strings.TrimSpace(e)); e != "" && e != "identity" {
				out = append(out, e)
			}
		}
	}
	return out
}

// zstdMaxWindow is the largest window a zstd answer may ask for: the 8 MiB
// RFC 9659 sets for HTTP, which browsers enforce too. It bounds the memory
// one decoder holds, whatever the stream declares.
const zstdMaxWindow = 8 << 20

// openers open the decoder of each encoding Haul undoes. They are the
// standard library's for gzip and deflate, and for br and zstd those of
// github.com/andybalholm/brotli and github.com/klauspost/compress: pure Go
// (no C library to ship with the app), streaming with bounded memory, and
// fuzzed against their reference implementations, where a decoder of our
// own would be a parser of hostile input with no such record.
var openers = map[string]func(io.Reader) (io.Reader, error){
	"gzip":    openGzip,
	"x-gzip":  openGzip,
	"deflate": openDeflate,
	"br":      openBrotli,
	"zstd":    openZstd,
}

// decodable says Haul can undo every encoding of an answer.
func decodable(encs []string) bool {
	for _, e := range encs {
		if openers[e] == nil {
			return false
		}
	}
	return true
}

// KeptEncoding names the encodings of an answer Haul could not undo,
// whose body it kept as sent; "" when there are none.
func KeptEncoding(h http.Header) string {
	if encs := encodings(h); !decodable(encs) {
		return strings.Join(encs, ", ")
	}
	return ""
}

// decoded is a body with its encodings undone; Close frees the decoders.
type decoded struct {
	io.Reader
	layers []*lazyDecoder
}

// Close frees the decoders that hold memory beyond the garbage collector's
// reach (zstd's).
func (d *decoded) Close() {
	for _, l := range d.layers {
		if c, ok := l.r.(io.Closer); ok {
			c.Close()
		}
	}
}

// decodeBody undoes the encodings a server applied although Haul asked for
// the file unencoded, last applied first, so the file is saved, checked
// and measured as it is. An encoding Haul cannot undo leaves the body as
// sent: the check of what the file is then tells a picture from it.
// framed says the answer's length or chunks tell where the body ends, so
// an encoded stream that ends early with the body was sent cut, not cut
// on the way.
func decodeBody(r io.Reader, encs []string, framed bool) *decoded {
	d := &decoded{Reader: r}
	if !decodable(encs) {
		return d
	}
	for _, enc := range slices.Backward(encs) {
		l := &lazyDecoder{src: &watchedReader{r: d.Reader}, enc: enc, framed: framed}
		d.layers = append(d.layers, l)
		d.Reader = l
	}
	return d
}

// framed says where an answer's body ends is told by its length or its
// chunks, not by the connection closing.
func framed(resp *http.Response) bool {
	return resp.ContentLength >= 0 || resp.ProtoMajor >= 2 || slices.Contains(resp.TransferEncoding, "chunked")
}

func openGzip(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }

func openBrotli(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil }

func openZstd(r io.Reader) (io.Reader, error) {
	d, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
		zstd.WithDecoderMaxWindow(zstdMaxWindow), zstd.WithDecoderMaxMemory(zstdMaxWindow))
	if err != nil {
		return nil, err
	}
	return d.IOReadCloser(), nil
}

// openDeflate reads "deflate" as servers send it: zlib-wrapped, as the
// standard says, or bare, as some send it.
func openDeflate(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(2)
	if err != nil {
		return nil, err
	}
	if head[0]&0x0f == 8 && (uint16(head[0])<<8|uint16(head[1]))%31 == 0 {
		return zlib.NewReader(br)
	}
	return flate.NewReader(br), nil
}

// DecodeError is a body that is not what its Content-Encoding says: the
// server said it compressed the file one way, and its bytes do not undo
// that way. Browsers refuse such answers; a new try gets the same bytes.
type DecodeError struct {
	// Encoding is the Content-Encoding the server named.
	Encoding string
	// Err is the decoder's own error.
	Err error
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("the body is not valid %s data: %v", e.Encoding, e.Err)
}

// Unwrap is the decoder's error.
func (e *DecodeError) Unwrap() error { return e.Err }

// watchedReader remembers the last error of the reader a decoder reads,
// to tell the body's failures from the decoder's.
type watchedReader struct {
	r   io.Reader
	err error
}

func (w *watchedReader) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	if err != nil {
		w.err = err
	}
	return n, err
}

// lazyDecoder opens its decoder at the first Read, so that reading the
// encoding's own header counts as reading the body.
type lazyDecoder struct {
	src    *watchedReader
	enc    string
	framed bool
	r      io.Reader
}

func (d *lazyDecoder) Read(p []byte) (int, error) {
	if d.r == nil {
		r, err := openers[d.enc](d.src)
		if err != nil {
			return 0, d.explain(err)
		}
		d.r = r
	}
	n, err := d.r.Read(p)
	return n, d.explain(err)
}

// explain tells a failure of the body (passed on as it is: a network
// failure, the idle timeout, a connection cut) from bytes that are not of
// the encoding the server named (a DecodeError). A stream that ends early
// with a framed body was sent cut; with an unframed one, it may have been
// cut on the way.
func (d *lazyDecoder) explain(err error) error {
	switch {
	case err == nil || err == io.EOF:
		return err
	case d.src.err != nil && d.src.err != io.EOF:
		return d.src.err
	case errors.Is(err, io.ErrUnexpectedEOF) && !d.framed:
		return err
	}
	return &DecodeError{Encoding: d.enc, Err: err}
}

// ErrReusedConnection marks a failed request whose connection had already
// carried an earlier answer. Bytes there that are not HTTP are most likely
// the rest of that earlier answer (a server that sent more than it
// announced, such as a script that prints a newline after the file), not
// the site's answer to this request: a new connection may well succeed.
var ErrReusedConnection = errors.New("on a connection that had carried an earlier answer")

// connWatch notes whether a request went out on a connection that had
// carried an answer before.
type connWatch struct{ reused bool }

// watch returns ctx with a trace that keeps the note up to date (the last
// request of a redirect chain counts).
func (w *connWatch) watch(ctx context.Context) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		GetConn: func(string) { w.reused = false },
		GotConn: func(info httptrace.GotConnInfo) { w.reused = info.Reused },
	})
}

// explain marks err with ErrReusedConnection when the request's connection
// had carried an earlier answer; nil stays nil.
func (w *connWatch) explain(err error) error {
	if err == nil || !w.reused {
		return err
	}
	return fmt.Errorf("%w (%w)", err, ErrReusedConnection)
}

// WatchReuse readies ctx for one request made outside Run; explain marks
// an error of that request with ErrReusedConnection when its connection
// had carried an earlier answer.
func WatchReuse(ctx context.Context) (watched context.Context, explain func(error) error) {
	w := &connWatch{}
	return w.watch(ctx), w.explain
}

// StrayAnswer says err is an answer that is not HTTP read on a connection
// that had carried an earlier answer: most likely the rest of that answer,
// which the same request on a new connection does not meet.
func StrayAnswer(err error) bool {
	return errors.Is(err, ErrReusedConnection) && strings.Contains(err.Error(), "malformed HTTP")
}
