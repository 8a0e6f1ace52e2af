package downloader

import (
	"bytes"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/downloadtest"
)

// TestBytesThatAreNoPictureFail: where the link's name or the server's
// type claims a picture format the real-picture check knows, bytes of no
// picture format fail as not a picture after one request, leaving nothing
// in the folder, as sent and unencoded; real pictures, short ones
// included, are saved byte for byte, and bytes nothing claimed to be a
// picture are saved as they are.
func TestBytesThatAreNoPictureFail(t *testing.T) {
	random := downloadtest.Data(5000, 21)
	tests := []struct {
		name        string
		path        string
		body        []byte
		contentType string // "" for the one the test server gives the name
		wantSaved   bool   // saved byte for byte, else failed as not a picture
		wantName    string // the name saved under, when the test decides it
	}{
		{"random bytes as a jpg", "/r.jpg", random, "", false, ""},
		{"random bytes too large to hold in memory", "/big.jpg", downloadtest.Data(600<<10, 22), "", false, ""},
		{"random bytes typed as a png", "/r", random, "image/png", false, ""},
		{"random bytes as a jpg sent as any data", "/r.jpg", random, "application/octet-stream", false, ""},
		{"random bytes as a jxl", "/r.jxl", random, "", false, ""},
		{"a pdf as a png", "/r.png", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"), "", false, ""},
		{"random bytes as a bin", "/r.bin", random, "", true, "r.bin"},
		{"random bytes named and typed as nothing", "/r", random, "application/octet-stream", true, "r"},
		{"random bytes of a picture type the check does not know", "/r", random, "image/x-portable-pixmap", true, ""},
		{"jpeg", "/r.jpg", jpegOf(t, 30, 20), "", true, "r.jpg"},
		{"jpeg sent as any data", "/r.jpg", jpegOf(t, 30, 20), "application/octet-stream", true, "r.jpg"},
		{"png", "/r.png", pngOf(t, 1, 1, 3), "", true, "r.png"},
		{"png under a jpg name", "/r.jpg", pngOf(t, 12, 9, 4), "", true, "r.png"},
		{"43-byte gif", "/r.gif", []byte(tinyGIF), "", true, "r.gif"},
		{"webp", "/r.webp", sniffFixture(t, "lossless-1x1.webp"), "", true, "r.webp"},
		{"avif", "/r.avif", sniffFixture(t, "37x21.avif"), "", true, "r.avif"},
		{"jpeg xl", "/r.jxl", sniffFixture(t, "37x21.jxl"), "", true, "r.jxl"},
		{"jpeg xl in boxes", "/r.jxl", sniffFixture(t, "37x21-container.jxl"), "", true, "r.jxl"},
		{"svg typed as one", "/r", []byte("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), "image/svg+xml", true, "r.svg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t)
			var opts []downloadtest.Option
			if tt.contentType != "" {
				opts = append(opts, downloadtest.Header("Content-Type", tt.contentType))
			}
			srv.Handle(tt.path, tt.body, opts...)
			dir := t.TempDir()
			m := New(testOptions(dir))
			it := mustItem(t, m, addAll(t, m, srv.URL(tt.path))[0])
			runAll(t, m)
			it = mustItem(t, m, it.ID)
			if tt.wantSaved {
				if it.State != Done || tt.wantName != "" && it.Name != tt.wantName || fileSum(t, filepath.Join(dir, it.Name)) != sum256(tt.body) {
					t.Fatalf("%v %q (%+v), want Done as %q with the bytes sent", it.State, it.Name, it.Err, tt.wantName)
				}
				return
			}
			if it.State != Failed || it.Err == nil || it.Err.Kind != ErrNotImage || it.Err.Reason != ReasonNotPicture || it.Err.Detail != "" {
				t.Errorf("%v (%+v), want Failed as not a picture", it.State, it.Err)
			}
			if hits := srv.Hits(tt.path); hits != 1 {
				t.Errorf("asked %d times, want once: bytes that are no picture will not become one", hits)
			}
			if files := allFiles(t, dir); len(files) != 0 {
				t.Errorf("the folder holds %v, want nothing", files)
			}
		})
	}
}

// The 43 bytes of the smallest common GIF, a 1 × 1 picture.
const tinyGIF = "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"

// jpegOf makes a real w×h JPEG.
func jpegOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sniffFixture reads a picture made by a real encoder from the
// real-picture check's own test files.
func sniffFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("sniff", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
