package sniff

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
	"golang.org/x/image/webp"
)

// imageKind is a picture format recognised by its signature.
type imageKind struct {
	format Format
	match  func(head []byte) bool
	size   func(head []byte) (width, height int)
}

// imageKinds are the picture formats with a fixed signature, in the order
// they are tried.
var imageKinds = []imageKind{
	{jpegFormat, prefix("\xff\xd8\xff"), configSize(jpeg.DecodeConfig)},
	{pngFormat, prefix("\x89PNG\r\n\x1a\n"), configSize(png.DecodeConfig)},
	{gifFormat, anyPrefix("GIF87a", "GIF89a"), configSize(gif.DecodeConfig)},
	{webpFormat, isWebP, configSize(webp.DecodeConfig)},
	{bmpFormat, isBMP, configSize(bmp.DecodeConfig)},
	{tiffFormat, anyPrefix("II*\x00", "MM\x00*", "II+\x00", "MM\x00+"), configSize(tiff.DecodeConfig)},
	{icoFormat, isIcon(icoType), icoSize},
	{curFormat, isIcon(curType), icoSize},
	{jxlFormat, anyPrefix(jxlCodestream, jxlContainer), jxlSize},
	{jp2Format, prefix(jp2Signature), jp2Size},
	{j2cFormat, prefix(j2cSignature), j2cSize},
	{psdFormat, anyPrefix("8BPS\x00\x01", "8BPS\x00\x02"), psdSize},
}

// prefix matches heads that start with signature.
func prefix(signature string) func([]byte) bool {
	return func(head []byte) bool { return bytes.HasPrefix(head, []byte(signature)) }
}

// anyPrefix matches heads that start with any of the signatures.
func anyPrefix(signatures ...string) func([]byte) bool {
	return func(head []byte) bool {
		for _, s := range signatures {
			if bytes.HasPrefix(head, []byte(s)) {
				return true
			}
		}
		return false
	}
}

// configSize reads the pixel size with a decoder's DecodeConfig; a head too
// short or damaged to hold it gives 0 × 0.
func configSize(decodeConfig func(io.Reader) (image.Config, error)) func([]byte) (int, int) {
	return func(head []byte) (int, int) {
		c, err := decodeConfig(bytes.NewReader(head))
		if err != nil || c.Width < 0 || c.Height < 0 {
			return 0, 0
		}
		return c.Width, c.Height
	}
}

// isWebP matches a RIFF container holding WebP.
func isWebP(head []byte) bool {
	return len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP"
}

// bmpInfoSizes are the sizes of the known BMP information headers.
var bmpInfoSizes = map[uint32]bool{12: true, 40: true, 52: true, 56: true, 64: true, 108: true, 124: true}

// isBMP matches a BMP file header followed by a known information header,
// so that text starting with "BM" is not taken for a picture.
func isBMP(head []byte) bool {
	return len(head) >= 18 && string(head[:2]) == "BM" &&
		bmpInfoSizes[binary.LittleEndian.Uint32(head[14:18])]
}

// ICO and CUR layout: a 6-byte header (reserved 0, type 1 for an icon or
// 2 for a cursor, image count) followed by 16-byte directory entries
// starting with width and height bytes.
const (
	icoHeaderSize = 6
	icoEntrySize  = 16
	icoType       = 1
	curType       = 2
)

// isIcon matches an icon or cursor file header of the given type with at
// least one plausible entry.
func isIcon(fileType byte) func([]byte) bool {
	return func(head []byte) bool {
		if len(head) < icoHeaderSize+icoEntrySize || string(head[:4]) != string([]byte{0, 0, fileType, 0}) {
			return false
		}
		count := binary.LittleEndian.Uint16(head[4:6])
		entry := head[icoHeaderSize:]
		return count > 0 && entry[3] == 0 && entry[5] == 0
	}
}

// icoSize returns the size of the largest image an icon file lists.
func icoSize(head []byte) (width, height int) {
	count := int(binary.LittleEndian.Uint16(head[4:6]))
	for i := range count {
		off := icoHeaderSize + i*icoEntrySize
		if off+icoEntrySize > len(head) {
			break
		}
		w, h := icoDimension(head[off]), icoDimension(head[off+1])
		if w*h > width*height {
			width, height = w, h
		}
	}
	return width, height
}

// icoDimension reads an icon entry's width or height byte, where 0 means 256.
func icoDimension(b byte) int {
	if b == 0 {
		return 256
	}
	return int(b)
}

// psdSize reads a Photoshop document's size: its height, then its width,
// after the signature, version, reserved bytes and channel count.
func psdSize(head []byte) (width, height int) {
	if len(head) < 22 {
		return 0, 0
	}
	return sideOf(head[18:]), sideOf(head[14:])
}
