package downloader

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"haul/downloader/downloadtest"
)

// gzipped is body gzip-encoded.
func gzipped(body []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(body)
	zw.Close()
	return b.Bytes()
}

// TestResumeNeverSplicesEncodedBytes: a file cut off and resumed, where
// one of the two answers is encoded and the other is not, is saved as the
// file byte for byte: a resume answered with encoded bytes starts the file
// over (a part of an encoded stream cannot be decoded alone), and a file
// whose first bytes came encoded is resumed from its decoded bytes.
func TestResumeNeverSplicesEncodedBytes(t *testing.T) {
	file := downloadtest.Data(100_000, 71)
	const cut = 40_000
	plainFirst := func(w http.ResponseWriter) {
		w.Header().Set("Content-Length", strconv.Itoa(len(file)))
		w.Write(file[:cut])
	}
	encodedFirst := func(w http.ResponseWriter) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gzipped(file)[:cut])
	}
	plainResume := func(w http.ResponseWriter, from int) {
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", from, len(file)-1, len(file)))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(file[from:])
	}
	encodedResume := func(w http.ResponseWriter, from int) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", from, len(file)-1, len(file)))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(gzipped(file[from:]))
	}
	tests := []struct {
		name        string
		first       func(http.ResponseWriter)
		resume      func(http.ResponseWriter, int)
		wantResumed bool // the file goes on from the first answer's bytes
	}{
		{"plain first, encoded resume", plainFirst, encodedResume, false},
		{"encoded first, plain resume", encodedFirst, plainResume, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var asked []string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				asked = append(asked, r.Header.Get("Range"))
				n := len(asked)
				mu.Unlock()
				w.Header().Set("ETag", `"v1"`)
				var from int
				switch _, err := fmt.Sscanf(r.Header.Get("Range"), "bytes=%d-", &from); {
				case n == 1:
					tc.first(w)
					w.(http.Flusher).Flush()
					panic(http.ErrAbortHandler) // the connection drops mid-body
				case err == nil:
					tc.resume(w, from)
				default:
					w.Write(file)
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
			if fileSum(t, filepath.Join(dir, "file.bin")) != sum256(file) {
				t.Errorf("file.bin is not the file byte for byte (requests: %q)", asked)
			}
			mu.Lock()
			defer mu.Unlock()
			if !slices.ContainsFunc(asked[1:2], func(r string) bool { return r != "" && r != "bytes=0-" }) {
				t.Fatalf("requests %q: the resume was never asked for, the test proves nothing", asked)
			}
			if resumed := !slices.Contains(asked[2:], ""); resumed != tc.wantResumed {
				t.Errorf("requests %q: resumed %v, want %v", asked, resumed, tc.wantResumed)
			}
		})
	}
}

// TestSplitNeverSplicesEncodedParts: a server that sends a large file as
// it is but encodes the parts asked for by range never has an encoded
// part written into the file: the file starts over on one connection at
// once and is saved byte for byte.
func TestSplitNeverSplicesEncodedParts(t *testing.T) {
	file := downloadtest.Data(8<<20, 72)
	var whole atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"v1"`)
		w.Header().Set("Accept-Ranges", "bytes")
		var from, to int
		if _, err := fmt.Sscanf(r.Header.Get("Range"), "bytes=%d-%d", &from, &to); err != nil {
			whole.Add(1)
			w.Header().Set("Content-Length", strconv.Itoa(len(file)))
			w.Write(file)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", from, to, len(file)))
		w.WriteHeader(http.StatusPartialContent)
		zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed) // streamed: ends as soon as Haul hangs up
		zw.Write(file[from : to+1])
		zw.Close()
	}))
	t.Cleanup(srv.Close)
	m := New(testOptions(t.TempDir()))
	ids := addAll(t, m, srv.URL+"/big.bin")
	runAll(t, m)
	it := mustItem(t, m, ids[0])
	if it.State != Done {
		t.Fatalf("%v (%v), want Done", it.State, it.Err)
	}
	if fileSum(t, it.Path) != sum256(file) {
		t.Fatal("big.bin was saved with other bytes than the file's")
	}
	if it.Attempts != 2 || whole.Load() != 2 {
		t.Errorf("%d tries, %d requests for the whole file; want 2 of each: the split, then one connection", it.Attempts, whole.Load())
	}
}
