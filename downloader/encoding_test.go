package downloader

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/lzw"
	"compress/zlib"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"

	"haul/downloader/downloadtest"
)

// TestFilesAreAskedForUnencoded: a server that compresses every answer not
// asked for as "identity" (a request without Accept-Encoding accepts any
// encoding) sends Haul the files as they are, and they are saved as the
// server holds them, not as gzip bytes.
func TestFilesAreAskedForUnencoded(t *testing.T) {
	files := map[string][]byte{
		"/pic.png":  pngOf(t, 40, 30, 7),
		"/data.bin": downloadtest.Data(5000, 8),
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if strings.HasSuffix(r.URL.Path, ".png") {
			w.Header().Set("Content-Type", "image/png")
		}
		if r.Header.Get("Accept-Encoding") == "identity" {
			w.Write(body)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		zw.Write(body)
		zw.Close()
	}))
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	m := New(testOptions(dir))
	ids := addAll(t, m, srv.URL+"/pic.png", srv.URL+"/data.bin")
	runAll(t, m)
	for i, name := range []string{"pic.png", "data.bin"} {
		if it := mustItem(t, m, ids[i]); it.State != Done {
			t.Fatalf("%s: %v (%v), want Done", name, it.State, it.Err)
		}
		if fileSum(t, filepath.Join(dir, name)) != sum256(files["/"+name]) {
			t.Errorf("%s is not the file the server holds", name)
		}
	}
}

// encoders write each Content-Encoding a server may use anyway; "bare-deflate"
// is deflate without its zlib wrapper, as some servers send it.
var encoders = map[string]func(w io.Writer) io.WriteCloser{
	"gzip":         func(w io.Writer) io.WriteCloser { z, _ := gzip.NewWriterLevel(w, gzip.BestSpeed); return z },
	"deflate":      func(w io.Writer) io.WriteCloser { z, _ := zlib.NewWriterLevel(w, zlib.BestSpeed); return z },
	"bare-deflate": func(w io.Writer) io.WriteCloser { z, _ := flate.NewWriter(w, flate.BestSpeed); return z },
	"br":           func(w io.Writer) io.WriteCloser { return brotli.NewWriterLevel(w, brotli.BestSpeed) },
	"zstd": func(w io.Writer) io.WriteCloser {
		z, _ := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
		return z
	},
}

// encodedServer serves, at /ENCODING/NAME, the bytes files holds under
// "ENCODING/NAME" with that Content-Encoding ("bare-" dropped).
func encodedServer(t *testing.T, files map[string][]byte) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.Trim(filepath.Dir(r.URL.Path), "/")
		w.Header().Set("Content-Encoding", strings.TrimPrefix(name, "bare-"))
		w.Write(files[strings.TrimPrefix(r.URL.Path, "/")])
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestEncodedAnywayIsDecoded: a server that encodes its answers although
// Haul asked for them unencoded (gzip, zlib or bare deflate, br, zstd) has
// them decoded before they are checked and saved; the size limit counts
// the decoded bytes, so a small body that decodes to 2 MiB (a bomb) fails
// as too large at the 256 KiB limit, and leaves nothing in the folder.
func TestEncodedAnywayIsDecoded(t *testing.T) {
	names := []string{"gzip", "deflate", "bare-deflate", "br", "zstd"}
	pictures, encoded := map[string][]byte{}, map[string][]byte{}
	bomb := append(pngOf(t, 4, 4, 1), make([]byte, 2<<20)...) // a picture's head, then zeros
	for i, name := range names {
		pictures[name] = pngOf(t, 40, 30, byte(9+i))
		encoded[name+"/pic.png"] = encode(encoders[name], pictures[name])
		encoded[name+"/bomb.png"] = encode(encoders[name], bomb)
	}
	srv := encodedServer(t, encoded)
	dir := t.TempDir()
	opts := testOptions(dir)
	opts.Limits.MaxSize = 256 << 10
	opts.Limits.PageFolders = false
	m := New(opts)
	var links []string
	for _, name := range names {
		links = append(links, srv.URL+"/"+name+"/pic.png", srv.URL+"/"+name+"/bomb.png")
	}
	ids := addAll(t, m, links...)
	runAll(t, m)
	for i, name := range names {
		it := mustItem(t, m, ids[2*i])
		if it.State != Done {
			t.Fatalf("%s: %v (%v), want Done", links[2*i], it.State, it.Err)
		}
		if fileSum(t, it.Path) != sum256(pictures[name]) {
			t.Errorf("%s: saved as other bytes than the picture", links[2*i])
		}
		if it := mustItem(t, m, ids[2*i+1]); it.State != Failed || it.Err == nil || it.Err.Kind != ErrTooLarge {
			t.Errorf("%s: %d bytes that decode to 2 MiB, under the 256 KiB limit: %v (%v), want Failed as too large",
				links[2*i+1], len(encoded[name+"/bomb.png"]), it.State, it.Err)
		}
	}
	if files := allFiles(t, dir); len(files) != len(names) {
		t.Errorf("the folder holds %v; want the %d pictures only", files, len(names))
	}
}

// TestLyingEncodingFails: a server that says it compressed a picture
// (gzip, deflate, br, zstd) and sends it as it is fails the link at its
// first try, as browsers do, naming the encoding; nothing is saved.
func TestLyingEncodingFails(t *testing.T) {
	names := []string{"gzip", "deflate", "br", "zstd"}
	plain := map[string][]byte{}
	for _, name := range names {
		plain[name+"/pic.png"] = pngOf(t, 40, 30, 3)
	}
	srv := encodedServer(t, plain)
	dir := t.TempDir()
	m := New(testOptions(dir))
	var links []string
	for _, name := range names {
		links = append(links, srv.URL+"/"+name+"/pic.png")
	}
	ids := addAll(t, m, links...)
	runAll(t, m)
	for i, name := range names {
		it := mustItem(t, m, ids[i])
		if it.State != Failed || it.Err == nil || it.Err.Reason != ReasonBadEncoding || it.Err.Detail != name {
			t.Errorf("%s: %v (%+v), want Failed as not %s data", links[i], it.State, it.Err, name)
			continue
		}
		if it.Attempts != 1 {
			t.Errorf("%s: %d tries; the same bytes come again, want 1", links[i], it.Attempts)
		}
	}
	if files := allFiles(t, dir); len(files) != 0 {
		t.Errorf("the folder holds %v; want nothing", files)
	}
}

// TestNotAPictureFails: an encoded answer that is no picture where the
// link or the server names one (a PNG wrapped in an encoding Haul cannot
// undo, random bytes gzipped) fails as not a picture and leaves nothing;
// the same bytes as a .bin are saved as they are.
func TestNotAPictureFails(t *testing.T) {
	random := downloadtest.Data(5000, 12)
	gzipRandom := encode(encoders["gzip"], random)
	files := map[string][]byte{"/random.jpg": gzipRandom, "/typed": gzipRandom, "/random.bin": gzipRandom,
		"/packed.png": encode(lzwWriter, pngOf(t, 20, 20, 4))}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		switch r.URL.Path {
		case "/typed":
			w.Header().Set("Content-Type", "image/webp")
		case "/packed.png":
			w.Header().Set("Content-Encoding", "compress")
		}
		w.Write(files[r.URL.Path])
	}))
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	m := New(testOptions(dir))
	ids := addAll(t, m, srv.URL+"/random.jpg", srv.URL+"/typed", srv.URL+"/packed.png", srv.URL+"/random.bin")
	runAll(t, m)
	for i, detail := range []string{"", "", "compress"} {
		it := mustItem(t, m, ids[i])
		if it.State != Failed || it.Err == nil || it.Err.Reason != ReasonNotPicture || it.Err.Detail != detail {
			t.Errorf("link %d: %v (%+v), want Failed as not a picture (detail %q)", i, it.State, it.Err, detail)
		}
	}
	if it := mustItem(t, m, ids[3]); it.State != Done || fileSum(t, it.Path) != sum256(random) {
		t.Errorf("random.bin: %v (%v), want Done with the bytes decoded", it.State, it.Err)
	}
	if files := allFiles(t, dir); len(files) != 1 {
		t.Errorf("the folder holds %v; want random.bin only", files)
	}
}

// lzwWriter writes the LZW of Unix compress ("Content-Encoding: compress").
func lzwWriter(w io.Writer) io.WriteCloser { return lzw.NewWriter(w, lzw.MSB, 8) }

// encode returns body as the encoder writes it.
func encode(encoder func(w io.Writer) io.WriteCloser, body []byte) []byte {
	var b bytes.Buffer
	zw := encoder(&b)
	zw.Write(body)
	zw.Close()
	return b.Bytes()
}
