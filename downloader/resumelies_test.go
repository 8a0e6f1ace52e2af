package downloader

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
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
			link, requested := cutThenResumeServer(t, v1, 4000, tc.resume, tc.want, tc.etag)
			dir := t.TempDir()
			m := New(testOptions(dir))
			ids := addAll(t, m, link)
			runAll(t, m)
			if it := mustItem(t, m, ids[0]); it.State != Done {
				t.Fatalf("%v (%v), want Done", it.State, it.Err)
			}
			ranges := requested()
			if got := fileSum(t, filepath.Join(dir, "file.bin")); got != sum256(tc.want) {
				t.Errorf("file.bin is not one version of the file whole (%d requests)", len(ranges))
			}
			if !slices.ContainsFunc(ranges, func(r string) bool { return r != "" }) {
				t.Fatal("the resume was never asked for: the test proves nothing")
			}
		})
	}
}

// cutThenResumeServer serves /file.bin. The first answer announces first
// whole (ETag "v1") and breaks off after cut bytes; a request with Range
// gets resume; any other gets now, whole, with the ETag etag. It returns
// the link and what lists the Range header of every request so far.
func cutThenResumeServer(t *testing.T, first []byte, cut int, resume func(http.ResponseWriter), now []byte, etag string) (string, func() []string) {
	var mu sync.Mutex
	var ranges []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		ranges = append(ranges, r.Header.Get("Range"))
		n := len(ranges)
		mu.Unlock()
		switch {
		case n == 1:
			w.Header().Set("ETag", `"v1"`)
			w.Header().Set("Content-Length", strconv.Itoa(len(first)))
			w.Write(first[:cut])
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler) // the connection drops mid-body
		case r.Header.Get("Range") != "":
			resume(w)
		default:
			w.Header().Set("ETag", etag)
			w.Write(now)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/file.bin", func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(ranges)
	}
}
