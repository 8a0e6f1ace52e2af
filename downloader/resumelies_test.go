package downloader

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"

	"haul/downloader/downloadtest"
)

// TestResumeAnsweredWithTheWrongBytes: the first answer is cut after
// 4,000 of its 10,000 bytes, and the server answers the resume with bytes
// that do not continue it. The part is dropped and the file fetched again
// whole: what is saved is one version of the file, byte for byte, never
// the first bytes of one and the rest of another, nor a part taken for the
// whole.
func TestResumeAnsweredWithTheWrongBytes(t *testing.T) {
	v1, v2 := downloadtest.Data(10000, 61), downloadtest.Data(10000, 62)
	tests := []struct {
		name   string
		resume func(w http.ResponseWriter)
		want   []byte // the file as the server sends it whole now
		etag   string // and its ETag
	}{
		{"206 of a new version without its ETag", func(w http.ResponseWriter) {
			w.Header().Set("Content-Range", "bytes 4000-9999/10000")
			w.Header().Set("Content-Length", "6000")
			w.WriteHeader(http.StatusPartialContent)
			w.Write(v2[4000:])
		}, v2, `"v2"`},
		{"200 holding only the rest", func(w http.ResponseWriter) {
			w.Header().Set("ETag", `"v1"`)
			w.Header().Set("Content-Range", "bytes 4000-9999/10000")
			w.Header().Set("Content-Length", "6000")
			w.Write(v1[4000:])
		}, v1, `"v1"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var requests atomic.Int32
			var resumed atomic.Bool
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n := requests.Add(1)
				switch {
				case n == 1:
					w.Header().Set("ETag", `"v1"`)
					w.Header().Set("Content-Length", strconv.Itoa(len(v1)))
					w.Write(v1[:4000])
					panic(http.ErrAbortHandler) // the connection drops mid-body
				case r.Header.Get("Range") != "":
					resumed.Store(true)
					tc.resume(w)
				default:
					w.Header().Set("ETag", tc.etag)
					w.Write(tc.want)
				}
			}))
			t.Cleanup(srv.Close)
			dir := t.TempDir()
			m := New(testOptions(dir))
			ids := addAll(t, m, srv.URL+"/file.bin")
			runAll(t, m)
			if it := mustItem(t, m, ids[0]); it.State != Done {
				t.Fatalf("%v (%v), want Done", it.State, it.Err)
			}
			if got := fileSum(t, filepath.Join(dir, "file.bin")); got != sum256(tc.want) {
				t.Errorf("file.bin is not one version of the file whole (%d requests)", requests.Load())
			}
			if !resumed.Load() {
				t.Fatal("the resume was never asked for: the test proves nothing")
			}
		})
	}
}
