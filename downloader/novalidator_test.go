package downloader_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/downloader/queue"
)

// changingServer serves /file.bin with no ETag and no Last-Modified. Its
// first answer announces the whole file and stops after half of it, then
// hangs until the client goes; later answers serve the version set last,
// honouring Range.
type changingServer struct {
	mu     sync.Mutex
	body   []byte
	ranges []string
}

func (s *changingServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.ranges = append(s.ranges, r.Header.Get("Range"))
	first, body := len(s.ranges) == 1, s.body
	s.mu.Unlock()
	if first {
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body[:len(body)/2])
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		return
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

func (s *changingServer) change(body []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.body = body
}

func (s *changingServer) asked() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.ranges)
}

// TestResumeWithoutAVersionSavesOneVersion: a run stops with half of a
// file whose server names no version; the file changes, same length; the
// next run on the same queue fetches it again from byte 0 and saves the
// new version whole, never the first half of one and the rest of another.
func TestResumeWithoutAVersionSavesOneVersion(t *testing.T) {
	v1, v2 := downloadtest.Data(600<<10, 71), downloadtest.Data(600<<10, 72)
	srv := &changingServer{body: v1}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	link := hs.URL + "/file.bin"
	dir := t.TempDir()
	state := filepath.Join(t.TempDir(), "queue.jsonl")
	opts := downloader.Options{Dir: dir, Limits: downloader.Limits{Concurrency: 1, Retries: 3}}

	store, _, _, err := queue.Open(state)
	if err != nil {
		t.Fatal(err)
	}
	first := downloader.New(opts)
	first.Saved().SetJournal(store)
	ids, _ := first.Add(link)
	if err := first.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for it, _ := first.Item(ids[0]); it.Bytes < int64(len(v1)/2); it, _ = first.Item(ids[0]) {
		if time.Now().After(deadline) {
			t.Fatalf("the first run never wrote half the file (%d bytes)", it.Bytes)
		}
		time.Sleep(2 * time.Millisecond)
	}
	first.Stop()
	store.Close()
	if parts, _ := filepath.Glob(filepath.Join(dir, "*.part")); len(parts) != 1 {
		t.Fatalf("the first run left %v, want one temporary file to resume", parts)
	}

	srv.change(v2)
	runRestored(t, opts, state, []string{link})
	got, err := os.ReadFile(filepath.Join(dir, "file.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if sha256.Sum256(got) != sha256.Sum256(v2) {
		t.Errorf("file.bin is not the new version whole (first half of v1: %v)", bytes.Equal(got[:len(v1)/2], v1[:len(v1)/2]))
	}
	if asked := srv.asked(); slices.ContainsFunc(asked[1:], func(r string) bool { return r != "" }) {
		t.Errorf("the next run asked for ranges %q of a file with no version", asked[1:])
	}
}
