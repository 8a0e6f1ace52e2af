package sniff

import (
	"bytes"
	"encoding/binary"
	"math"
)

// JPEG 2000 comes as a file of boxes that starts with a signature box
// (.jp2, and .jpx and .jpm that extend it), or as a naked codestream that
// starts with its SOC and SIZ markers (.j2k, .j2c).
const (
	jp2Signature = "\x00\x00\x00\x0cjP  \r\n\x87\n"
	j2cSignature = "\xff\x4f\xff\x51"
)

// jp2Size reads the pixel size from the image header (ihdr) box: its
// height, then its width.
func jp2Size(head []byte) (width, height int) {
	i := bytes.Index(head, []byte("ihdr"))
	if i < 0 || i+12 > len(head) {
		return 0, 0
	}
	return sideOf(head[i+8:]), sideOf(head[i+4:])
}

// j2cSize reads the pixel size from a codestream's SIZ marker segment:
// the reference grid's width and height less the picture's offsets in it.
func j2cSize(head []byte) (width, height int) {
	if len(head) < 24 {
		return 0, 0
	}
	grid := func(at int) int64 { return int64(binary.BigEndian.Uint32(head[at : at+4])) }
	w, h := grid(8)-grid(16), grid(12)-grid(20)
	if w <= 0 || h <= 0 || w > math.MaxInt32 || h > math.MaxInt32 {
		return 0, 0
	}
	return int(w), int(h)
}

// sideOf reads a big-endian 32-bit width or height; one too large for an
// int32 gives 0.
func sideOf(b []byte) int {
	v := binary.BigEndian.Uint32(b[:4])
	if v > math.MaxInt32 {
		return 0
	}
	return int(v)
}
