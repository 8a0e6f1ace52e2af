package sniff

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
)

// testPicture returns a width × height picture with some detail in it.
func testPicture(width, height int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for y := range height {
		for x := range width {
			img.Set(x, y, color.RGBA{R: uint8(x * 7), G: uint8(y * 13), B: uint8(x + y), A: 255})
		}
	}
	return img
}

// encoded encodes a width × height picture with encode.
func encoded(t testing.TB, width, height int, encode func(io.Writer, image.Image) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := encode(&b, testPicture(width, height)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodeJPEG(w io.Writer, m image.Image) error { return jpeg.Encode(w, m, nil) }
func encodeGIF(w io.Writer, m image.Image) error  { return gif.Encode(w, m, nil) }
func encodeTIFF(w io.Writer, m image.Image) error { return tiff.Encode(w, m, nil) }

var (
	encodePNG = png.Encode
	encodeBMP = bmp.Encode
)

// withMetadata returns a JPEG with an extra APP1 (camera metadata) segment
// of n bytes right after its start marker, pushing the size information
// far from the start of the file.
func withMetadata(jpg []byte, n int) []byte {
	segment := make([]byte, 4+n)
	segment[0], segment[1] = 0xff, 0xe1
	binary.BigEndian.PutUint16(segment[2:4], uint16(2+n))
	copy(segment[4:], "Exif\x00\x00")
	out := append([]byte{}, jpg[:2]...)
	out = append(out, segment...)
	return append(out, jpg[2:]...)
}

// ftyp builds an ISO media ftyp box with the given major and compatible
// brands, optionally followed by an ispe box giving a picture size.
func ftyp(major string, compatible []string, width, height uint32) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.BigEndian, uint32(16+4*len(compatible)))
	b.WriteString("ftyp" + major + "\x00\x00\x00\x00")
	for _, c := range compatible {
		b.WriteString(c)
	}
	if width > 0 {
		binary.Write(&b, binary.BigEndian, uint32(20))
		b.WriteString("ispe\x00\x00\x00\x00")
		binary.Write(&b, binary.BigEndian, [2]uint32{width, height})
	}
	return b.Bytes()
}

// icon builds an ICO header listing images of the given sizes (0 = 256).
func icon(sizes ...byte) []byte {
	b := []byte{0, 0, 1, 0, byte(len(sizes)), 0}
	for _, s := range sizes {
		entry := make([]byte, icoEntrySize)
		entry[0], entry[1], entry[4] = s, s, 1
		b = append(b, entry...)
	}
	return b
}

// webpCanvas builds the start of an extended (VP8X) WebP with the given
// canvas size.
func webpCanvas(width, height int) []byte {
	chunk := make([]byte, 10)
	w, h := width-1, height-1
	chunk[4], chunk[5], chunk[6] = byte(w), byte(w>>8), byte(w>>16)
	chunk[7], chunk[8], chunk[9] = byte(h), byte(h>>8), byte(h>>16)
	var b bytes.Buffer
	b.WriteString("RIFF")
	binary.Write(&b, binary.LittleEndian, uint32(4+8+len(chunk)))
	b.WriteString("WEBPVP8X")
	binary.Write(&b, binary.LittleEndian, uint32(len(chunk)))
	b.Write(chunk)
	return b.Bytes()
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
