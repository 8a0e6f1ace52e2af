package transfer

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

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
