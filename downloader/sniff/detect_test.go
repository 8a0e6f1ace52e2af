package sniff

import (
	"bytes"
	"image/jpeg"
	"mime"
	"strings"
	"testing"

	"golang.org/x/image/webp"
)

func TestDetect(t *testing.T) {
	sized := func(f Format, w, h int) Format {
		f.Width, f.Height = w, h
		return f
	}
	bigJPEG := withMetadata(encoded(t, 40, 30, encodeJPEG), 40<<10)
	tests := []struct {
		name string
		head []byte
		want Format
	}{
		{"jpeg", encoded(t, 37, 21, encodeJPEG), sized(jpegFormat, 37, 21)},
		{"jpeg behind 40 KiB of metadata", bigJPEG, sized(jpegFormat, 40, 30)},
		{"jpeg cut before its size", bigJPEG[:HeadSize], jpegFormat},
		{"png", encoded(t, 64, 48, encodePNG), sized(pngFormat, 64, 48)},
		{"gif", encoded(t, 10, 7, encodeGIF), sized(gifFormat, 10, 7)},
		{"bmp", encoded(t, 5, 3, encodeBMP), sized(bmpFormat, 5, 3)},
		{"tiff", encoded(t, 6, 4, encodeTIFF), sized(tiffFormat, 6, 4)},
		{"lossless webp", readFixture(t, "lossless-1x1.webp"), sized(webpFormat, 1, 1)},
		{"extended webp", webpCanvas(640, 480), sized(webpFormat, 640, 480)},
		{"icon", icon(16, 0, 48), sized(icoFormat, 256, 256)},
		{"avif", ftyp("avif", []string{"avif", "mif1", "miaf"}, 1920, 1080), sized(avifFormat, 1920, 1080)},
		{"avif sequence", ftyp("avis", []string{"avis", "msf1"}, 0, 0), avifFormat},
		{"avif under a mif1 brand", ftyp("mif1", []string{"mif1", "avif"}, 0, 0), avifFormat},
		{"heic", ftyp("heic", []string{"mif1", "heic"}, 4032, 3024), sized(heicFormat, 4032, 3024)},
		{"heix", ftyp("heix", []string{"mif1"}, 0, 0), heicFormat},
		{"plain heif", ftyp("mif1", []string{"mif1"}, 0, 0), heifFormat},
		{"mp4 video is not a picture", ftyp("isom", []string{"isom", "mp41"}, 0, 0), Format{MIME: "video/mp4", Ext: ".mp4"}},
		{"svg with xml prolog, comment and doctype", readFixture(t, "prolog.svg"), svgFormat},
		{"bare svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), svgFormat},
		{"svg after byte order mark", []byte("\xef\xbb\xbf\n<svg>"), svgFormat},
		{"login page", readFixture(t, "login.html"), htmlFormat},
		{"html fragment", []byte("  <html><body>Forbidden</body></html>"), htmlFormat},
		{"xml that is not svg", []byte(`<?xml version="1.0"?><rss><channel/></rss>`), xmlFormat},
		{"json object", []byte(` {"error": "unauthorized"}`), jsonFormat},
		{"json array", []byte("[\n  {\"id\": 1}\n]"), jsonFormat},
		{"plain text", []byte("Access denied.\n"), plainFormat},
		{"bracketed text", []byte("[Error] nothing here"), plainFormat},
		{"text starting like a bmp", []byte("BMW owners club newsletter, spring edition"), plainFormat},
		{"binary starting like a bmp", []byte("BM\x00\x01\x02\x03"), Format{MIME: "application/octet-stream"}},
		{"pdf", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3"), Format{MIME: "application/pdf", Ext: ".pdf"}},
		{"unknown binary", []byte{0x00, 0x01, 0x02, 0x03, 0xfe}, Format{MIME: "application/octet-stream"}},
		{"empty", nil, Format{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect(tt.head); got != tt.want {
				t.Errorf("Detect = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestDetectLooksAtMostMaxHead(t *testing.T) {
	beyond := withMetadata(withMetadata(encoded(t, 40, 30, encodeJPEG), 40<<10), 40<<10)
	if c, err := jpeg.DecodeConfig(bytes.NewReader(beyond)); err != nil || c.Width != 40 {
		t.Fatalf("test picture is not a valid 40-pixel-wide JPEG: %+v, %v", c, err)
	}
	if got := Detect(beyond); got != jpegFormat {
		t.Errorf("Detect = %+v, want %+v: the size lies beyond MaxHead", got, jpegFormat)
	}
	long := append(bytes.Repeat([]byte("plain words "), MaxHead), 0x00)
	if got := Detect(long); got != plainFormat {
		t.Errorf("Detect of long text = %+v, want %+v: the binary byte lies beyond MaxHead", got, plainFormat)
	}
}

func TestWebPFixtureIsAValidPicture(t *testing.T) {
	img, err := webp.Decode(bytes.NewReader(readFixture(t, "lossless-1x1.webp")))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1 || b.Dy() != 1 {
		t.Errorf("fixture is %v, want 1×1", b)
	}
}

// TestExpectImageReadsTheTypeAsMimeDoes holds the quick look at a
// Content-Type to what mime.ParseMediaType reads from it.
func TestExpectImageReadsTheTypeAsMimeDoes(t *testing.T) {
	for _, ct := range []string{"", "image/png", " IMAGE/JPEG; charset=x", "\timage/webp", "image/", "imag", "text/html",
		"application/octet-stream", "image/png; broken=", "Image/Gif ;q=1", "\u00a0image/png", "image/png\n", "\u0130mage/png", "\u212amage/png"} {
		mediaType, _, err := mime.ParseMediaType(ct)
		want := err == nil && strings.HasPrefix(mediaType, "image/")
		if got := ExpectImage("file", ct, false); got != want {
			t.Errorf("ExpectImage(%q) = %v, want %v", ct, got, want)
		}
	}
}
