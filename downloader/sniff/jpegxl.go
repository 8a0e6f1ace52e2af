package sniff

import "bytes"

// JPEG XL comes as a naked codestream, or as boxes that start with a
// signature box and hold the codestream in a jxlc box (or parts of it in
// jxlp boxes, each after a 4-byte index).
const (
	jxlCodestream = "\xff\x0a"
	jxlContainer  = "\x00\x00\x00\x0cJXL \r\n\x87\n"
)

// jxlSize reads the pixel size from the size header that follows the
// codestream's signature; a head too short to hold it gives 0 × 0.
func jxlSize(head []byte) (width, height int) {
	code, ok := jxlCodestreamOf(head)
	if !ok {
		return 0, 0
	}
	r := bitReader{data: code[len(jxlCodestream):]}
	small := r.bits(1) == 1
	h := r.jxlDimension(small)
	w := h
	if ratio := r.bits(3); ratio != 0 {
		w = h * jxlRatios[ratio][0] / jxlRatios[ratio][1]
	} else {
		w = r.jxlDimension(small)
	}
	if r.short {
		return 0, 0
	}
	return int(w), int(h)
}

// jxlRatios are the width-to-height ratios a size header names by number
// (1 to 7), so that the width need not be written.
var jxlRatios = [8][2]uint64{{}, {1, 1}, {12, 10}, {4, 3}, {3, 2}, {16, 9}, {5, 4}, {2, 1}}

// jxlCodestreamOf returns the head from the start of its codestream.
func jxlCodestreamOf(head []byte) ([]byte, bool) {
	if !bytes.HasPrefix(head, []byte(jxlContainer)) {
		return head, bytes.HasPrefix(head, []byte(jxlCodestream))
	}
	for _, box := range []struct {
		kind string
		skip int
	}{{"jxlc", 0}, {"jxlp", 4}} {
		if i := bytes.Index(head, []byte(box.kind)); i >= 0 {
			code := head[min(i+len(box.kind)+box.skip, len(head)):]
			return code, bytes.HasPrefix(code, []byte(jxlCodestream))
		}
	}
	return nil, false
}

// jxlDimension reads one side of a size header: a multiple of 8 up to 256
// for a small picture, else a number in one of four ranges.
func (r *bitReader) jxlDimension(small bool) uint64 {
	if small {
		return (r.bits(5) + 1) * 8
	}
	widths := [4]uint{9, 13, 18, 30}
	return r.bits(widths[r.bits(2)]) + 1
}

// bitReader reads bits least significant first, as JPEG XL writes them;
// short is set once it reads past the end (reading zeros from there).
type bitReader struct {
	data  []byte
	pos   uint
	short bool
}

// bits reads an n-bit number.
func (r *bitReader) bits(n uint) uint64 {
	var v uint64
	for i := range n {
		byteAt := r.pos / 8
		if byteAt >= uint(len(r.data)) {
			r.short = true
			return 0
		}
		v |= uint64(r.data[byteAt]>>(r.pos%8)&1) << i
		r.pos++
	}
	return v
}
