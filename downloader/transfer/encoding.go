package transfer

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"io"
	"net/http"
	"strings"
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

// decodable says Haul can undo every encoding of an answer.
func decodable(encs []string) bool {
	for _, e := range encs {
		if e != "gzip" && e != "x-gzip" && e != "deflate" {
			return false
		}
	}
	return true
}

// decodeBody undoes the encodings a server applied although Haul asked for
// the file unencoded, last applied first, so the file is saved, checked
// and measured as it is. An encoding Haul cannot undo leaves the body as
// sent: the check of what the file is then tells a picture from it.
func decodeBody(r io.Reader, encs []string) io.Reader {
	if !decodable(encs) {
		return r
	}
	for i := len(encs) - 1; i >= 0; i-- {
		r = &lazyDecoder{src: r, open: decoderFor(encs[i])}
	}
	return r
}

// decoderFor opens the decoder of one encoding.
func decoderFor(enc string) func(io.Reader) (io.Reader, error) {
	if enc == "deflate" {
		return openDeflate
	}
	return func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }
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

// lazyDecoder opens its decoder at the first Read, so that reading the
// encoding's own header counts as reading the body.
type lazyDecoder struct {
	src  io.Reader
	open func(io.Reader) (io.Reader, error)
	r    io.Reader
}

func (d *lazyDecoder) Read(p []byte) (int, error) {
	if d.r == nil {
		r, err := d.open(d.src)
		if err != nil {
			return 0, err
		}
		d.r = r
	}
	return d.r.Read(p)
}
