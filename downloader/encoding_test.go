package downloader

import (
	"compress/gzip"
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
