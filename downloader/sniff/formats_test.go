package sniff

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// The first 43 bytes of the smallest common GIF, a 1 × 1 picture.
const tinyGIF = "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"

// TestDetectMoreFormats checks the formats a user may save under a picture
// name beyond the common web ones, from the header bytes real encoders
// write (testdata holds files made by cjxl and ImageMagick, or their
// first bytes).
func TestDetectMoreFormats(t *testing.T) {
	sized := func(f Format, w, h int) Format {
		f.Width, f.Height = w, h
		return f
	}
	tiffBE := encoded(t, 6, 4, encodeTIFF)
	psb := readFixture(t, "37x21-head.psd")
	psb = append(append([]byte{}, psb[:4]...), append([]byte{0, 2}, psb[6:]...)...)
	tests := []struct {
		name string
		head []byte
		want Format
	}{
		{"jpeg xl codestream", readFixture(t, "37x21.jxl"), sized(jxlFormat, 37, 21)},
		{"jpeg xl codestream of a width the ratio cannot give", readFixture(t, "333x1000-head.jxl"), sized(jxlFormat, 333, 1000)},
		{"jpeg xl container", readFixture(t, "37x21-container.jxl"), sized(jxlFormat, 37, 21)},
		{"jpeg xl signature alone", []byte("\xff\x0a"), jxlFormat},
		{"jpeg xl container signature alone", []byte(jxlContainer), jxlFormat},
		{"jpeg 2000 file", readFixture(t, "37x21.jp2"), sized(jp2Format, 37, 21)},
		{"jpeg 2000 codestream", readFixture(t, "37x21.j2k"), sized(j2cFormat, 37, 21)},
		{"jpeg 2000 codestream signature alone", []byte(j2cSignature), j2cFormat},
		{"photoshop document", readFixture(t, "37x21-head.psd"), sized(psdFormat, 37, 21)},
		{"photoshop large document", psb, sized(psdFormat, 37, 21)},
		{"8BPS of another version", []byte("8BPS\x00\x07 not a document"), Format{MIME: "application/octet-stream"}},
		{"cursor", readFixture(t, "32x32-head.cur"), sized(curFormat, 32, 32)},
		{"avif from an encoder", readFixture(t, "37x21.avif"), sized(avifFormat, 37, 21)},
		{"heic sequence", ftyp("hevc", []string{"msf1", "hevc"}, 0, 0), heicFormat},
		{"heic under a msf1 brand", ftyp("msf1", []string{"msf1", "hevc"}, 0, 0), heicFormat},
		{"avif under a miaf brand", ftyp("miaf", []string{"miaf", "avif"}, 0, 0), avifFormat},
		{"little-endian tiff", []byte("II*\x00\x08\x00\x00\x00"), tiffFormat},
		{"big-endian tiff", append([]byte("MM\x00*"), tiffBE[4:8]...), tiffFormat},
		{"bigtiff", []byte("II+\x00\x08\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00"), tiffFormat},
		{"43-byte gif", []byte(tinyGIF), sized(gifFormat, 1, 1)},
		{"gif signature and size alone", []byte(tinyGIF[:10]), gifFormat},
		{"1-pixel png", encoded(t, 1, 1, encodePNG), sized(pngFormat, 1, 1)},
		{"png signature alone", []byte("\x89PNG\r\n\x1a\n"), pngFormat},
		{"jpeg start alone", []byte("\xff\xd8\xff\xe0"), jpegFormat},
		{"svg after whitespace", []byte("\n\n   <svg viewBox='0 0 1 1'/>"), svgFormat},
		{"svg after comment", []byte("<!-- logo --><svg/>"), svgFormat},
		{"svg with prolog", []byte("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), svgFormat},
		{"svg with byte order mark and prolog", []byte("\xef\xbb\xbf<?xml version=\"1.0\"?><svg/>"), svgFormat},
		{"prefixed svg", []byte("<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\"/>"), svgFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect(tt.head); got != tt.want {
				t.Errorf("Detect = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestDetectHEICFromAnEncoder checks the format only: this small picture
// is a grid of one 64 × 64 tile, and ispeSize gives the largest extent.
func TestDetectHEICFromAnEncoder(t *testing.T) {
	if got := Detect(readFixture(t, "37x21.heic")); got.MIME != heicFormat.MIME || !got.IsImage {
		t.Errorf("Detect = %+v, want %s", got, heicFormat.MIME)
	}
}

func TestJXLSizeOfCutHeaderIsUnknown(t *testing.T) {
	full := readFixture(t, "333x1000-head.jxl")
	for n := 2; n < 6; n++ {
		if w, h := jxlSize(full[:n]); w != 0 || h != 0 {
			t.Errorf("jxlSize of %d bytes = %d × %d, want 0 × 0", n, w, h)
		}
	}
}

func TestJ2CSizeIgnoresImpossibleOffsets(t *testing.T) {
	head := readFixture(t, "37x21.j2k")
	head = append([]byte{}, head...)
	binary.BigEndian.PutUint32(head[16:20], 1000) // an offset past the grid's width
	if w, h := j2cSize(head); w != 0 || h != 0 {
		t.Errorf("j2cSize = %d × %d, want 0 × 0", w, h)
	}
}

func TestClaimsKnownPicture(t *testing.T) {
	tests := []struct {
		name, contentType string
		want              bool
	}{
		{"photo.jpg", "", true},
		{"photo.JPEG?size=large", "application/octet-stream", true},
		{"scan.jxl", "", true},
		{"scan.jp2", "", true},
		{"layers.psd", "", true},
		{"pointer.cur", "", true},
		{"anim.apng", "", true},
		{"r", "image/png", true},
		{"r", "Image/JXL; q=1", true},
		{"r.bin", "image/vnd.adobe.photoshop", true},
		{"r.bin", "application/octet-stream", false},
		{"r", "", false},
		{"r", "image/x-portable-pixmap", false},
		{"raw.nef", "image/x-nikon-nef", false},
		{"movie.mp4", "video/mp4", false},
		{"page.html", "text/html", false},
	}
	for _, tt := range tests {
		if got := ClaimsKnownPicture(tt.name, tt.contentType); got != tt.want {
			t.Errorf("ClaimsKnownPicture(%q, %q) = %v, want %v", tt.name, tt.contentType, got, tt.want)
		}
	}
}

// TestEveryPictureFormatHasItsFamily keeps ClaimsKnownPicture in step with
// Detect: each format Detect reports is of a family of picture extensions,
// so the claim of its extension or type counts.
func TestEveryPictureFormatHasItsFamily(t *testing.T) {
	for _, f := range imageFormats() {
		family := imageFamilies[f.Ext]
		if family == "" || !detectableFamilies[family] {
			t.Errorf("%s (%s) has no detectable family of picture extensions", f.MIME, f.Ext)
		}
		if imageTypeFamilies[f.MIME] != family {
			t.Errorf("type %s is of family %q, want %q as its extension %s", f.MIME, imageTypeFamilies[f.MIME], family, f.Ext)
		}
		if !ClaimsKnownPicture("x"+f.Ext, "") || !ClaimsKnownPicture("x", f.MIME) {
			t.Errorf("the name x%s or the type %s claims no known picture", f.Ext, f.MIME)
		}
	}
	if detectableFamilies[""] {
		t.Error("the empty family is detectable: every name would claim a picture")
	}
}

// TestUndetectableExtensionClaimsNothing checks that an extension listed
// as a picture's without a detector for its format claims no picture, so
// its bytes are never refused for lacking a signature Detect cannot know.
func TestUndetectableExtensionClaimsNothing(t *testing.T) {
	imageFamilies[".xyzimg"] = "xyzimg"
	t.Cleanup(func() { delete(imageFamilies, ".xyzimg") })
	if !ImageExtension(".xyzimg") || !ExpectImage("a.xyzimg", "", false) {
		t.Fatal("the test extension is not taken for a picture's")
	}
	if ClaimsKnownPicture("a.xyzimg", "application/octet-stream") {
		t.Error("a picture extension Detect cannot recognise claims a known picture")
	}
}

func TestRandomBytesAreNoPicture(t *testing.T) {
	for seed := range byte(64) {
		head := bytes.Repeat([]byte{seed ^ 0x5a, seed, 0x00, 0xfe}, 1024)
		if f := Detect(head); f.IsImage {
			t.Errorf("seed %d: Detect = %+v, want no picture", seed, f)
		}
	}
}
