package downloader

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

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

// TestEncodedAnywayIsDecoded: a server that encodes its answers although
// Haul asked for them unencoded (gzip, zlib or bare deflate) has them
// decoded before they are checked and saved, and the size limit counts the
// decoded bytes.
func TestEncodedAnywayIsDecoded(t *testing.T) {
	encoders := map[string]func(w io.Writer) io.WriteCloser{
		"gzip":         func(w io.Writer) io.WriteCloser { return gzip.NewWriter(w) },
		"deflate":      func(w io.Writer) io.WriteCloser { return zlib.NewWriter(w) },
		"bare-deflate": func(w io.Writer) io.WriteCloser { z, _ := flate.NewWriter(w, 5); return z },
	}
	pictures := map[string][]byte{}
	for i, name := range []string{"gzip", "deflate", "bare-deflate"} {
		pictures[name] = pngOf(t, 40, 30, byte(9+i))
	}
	encoded := map[string][]byte{}
	for _, name := range []string{"gzip", "deflate", "bare-deflate"} {
		encoded[name+"/pic.png"] = encode(encoders[name], pictures[name])
	}
	encoded["gzip/bomb.bin"] = encode(encoders["gzip"], make([]byte, 2<<20))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.Trim(filepath.Dir(r.URL.Path), "/")
		w.Header().Set("Content-Encoding", strings.TrimPrefix(name, "bare-"))
		w.Write(encoded[strings.TrimPrefix(r.URL.Path, "/")])
	}))
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	opts := testOptions(dir)
	opts.Limits.MaxSize = 1 << 20
	opts.Limits.PageFolders = false
	m := New(opts)
	var links []string
	names := []string{"gzip", "deflate", "bare-deflate"}
	for _, name := range names {
		links = append(links, srv.URL+"/"+name+"/pic.png")
	}
	links = append(links, srv.URL+"/gzip/bomb.bin")
	ids := addAll(t, m, links...)
	runAll(t, m)
	for i, link := range links[:len(encoders)] {
		it := mustItem(t, m, ids[i])
		if it.State != Done {
			t.Fatalf("%s: %v (%v), want Done", link, it.State, it.Err)
		}
		if fileSum(t, it.Path) != sum256(pictures[names[i]]) {
			t.Errorf("%s: saved as other bytes than the picture", link)
		}
	}
	if it := mustItem(t, m, ids[len(encoders)]); it.State != Failed || it.Err == nil || it.Err.Kind != ErrTooLarge {
		t.Errorf("a 2 MiB body gzipped under the 1 MiB limit: %v (%v), want Failed as too large", it.State, it.Err)
	}
}

// encode returns body as the encoder writes it.
func encode(encoder func(w io.Writer) io.WriteCloser, body []byte) []byte {
	var b bytes.Buffer
	zw := encoder(&b)
	zw.Write(body)
	zw.Close()
	return b.Bytes()
}
