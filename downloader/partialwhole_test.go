package downloader

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"

	"haul/downloader/downloadtest"
)

// TestPartialAnswerToAFreshRequest: a server that answers a request for
// the whole file with 206 is saved from when that answer holds the whole
// file, as browsers do; a 206 with only part of it is still no file.
func TestPartialAnswerToAFreshRequest(t *testing.T) {
	body := downloadtest.Data(5000, 7)
	tests := []struct {
		name   string
		last   int // the last byte the range claims
		length int // Content-Length sent
		want   State
	}{
		{"whole file", len(body) - 1, len(body), Done},
		{"first part only", 999, 1000, Failed},
		{"range of the whole file, shorter body announced", len(body) - 1, 1000, Failed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Range", fmt.Sprintf("bytes 0-%d/%d", tt.last, len(body)))
				w.Header().Set("Content-Length", strconv.Itoa(tt.length))
				w.WriteHeader(http.StatusPartialContent)
				w.Write(body[:tt.length])
			}))
			t.Cleanup(srv.Close)
			dir := t.TempDir()
			m := New(testOptions(dir))
			ids := addAll(t, m, srv.URL+"/file.bin")
			runAll(t, m)
			it := mustItem(t, m, ids[0])
			if it.State != tt.want {
				t.Fatalf("state %v (%+v), want %v", it.State, it.Err, tt.want)
			}
			if tt.want == Done && fileSum(t, filepath.Join(dir, "file.bin")) != sum256(body) {
				t.Error("the saved file is not the server's file")
			}
			if tt.want == Failed && (it.Err == nil || it.Err.Reason != ReasonNoFile) {
				t.Errorf("failure %+v, want the answer to carry no file", it.Err)
			}
		})
	}
}
