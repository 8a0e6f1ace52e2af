package downloader_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/downloader/queue"
)

// partway reports a batch with files saved and others half-written.
func partway(m *downloader.Manager) bool {
	items, sum := m.Snapshot()
	half := 0
	for _, it := range items {
		if it.State == downloader.Active && it.Bytes > it.Total/3 {
			half++
		}
	}
	return sum.Done >= 2 && half >= 2
}

// TestRestartResumesFromJournal abandons a manager mid-batch without any
// cleanup (as a crash would), opens a new one on the same queue file, and
// checks that it finishes every file byte-identical while the server sends
// little more than the batch size (what sat in socket buffers at the crash
// is sent twice).
func TestRestartResumesFromJournal(t *testing.T) {
	srv := downloadtest.New()
	defer srv.Close()
	bodies, urls, total := bigFiles(srv, 12)
	dir := t.TempDir()
	state := filepath.Join(t.TempDir(), "queue.jsonl")
	opts := downloader.Options{Dir: dir, Limits: downloader.Limits{Concurrency: 4, Retries: 5}}

	store, _, _, err := queue.Open(state)
	if err != nil {
		t.Fatal(err)
	}
	first := downloader.New(opts)
	first.Saved().SetJournal(store)
	first.Add(urls...)
	ctx, crash := context.WithCancel(context.Background())
	if err := first.Start(ctx); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for !partway(first) {
		if time.Now().After(deadline) {
			t.Fatal("first run made no progress")
		}
		time.Sleep(5 * time.Millisecond)
	}
	// Simulate a crash: the journal stays as last written, nothing more is
	// flushed or closed, and the old manager's workers die with their context.
	first.Saved().SetJournal(nil)
	crash()
	first.Wait()
	store.Close() // the process is gone, and its lock on the queue with it
	sentBefore := srv.BytesSent()
	second, s := runRestored(t, opts, state, urls)
	for name, body := range bodies {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || sha256.Sum256(got) != sha256.Sum256(body) {
			t.Fatalf("%s differs: %v", name, err)
		}
	}
	if s.Done != len(urls) {
		t.Fatalf("summary %+v of %v", s, second.Limits())
	}
	if sent := srv.BytesSent(); float64(sent) > 1.3*float64(total) {
		t.Errorf("server sent %d bytes for %d (%d after the restart)", sent, total, sent-sentBefore)
	}
	t.Logf("served %.2f× the batch size", float64(srv.BytesSent())/float64(total))
}

// bigFiles serves n files of 512 KiB, slowly enough to be caught partway.
func bigFiles(srv *downloadtest.Server, n int) (bodies map[string][]byte, urls []string, total int64) {
	bodies = map[string][]byte{}
	for i := range n {
		name := fmt.Sprintf("big%02d.bin", i)
		body := downloadtest.Data(512<<10, int64(i))
		srv.Handle("/"+name, body, downloadtest.Throttle(2<<20))
		bodies[name] = body
		urls = append(urls, srv.URL("/"+name))
		total += int64(len(body))
	}
	return bodies, urls, total
}

// runRestored opens the queue file again, as the next start of the app
// does, restores it and runs it to the end.
func runRestored(t *testing.T, opts downloader.Options, state string, urls []string) (*downloader.Manager, downloader.Summary) {
	t.Helper()
	store2, recs, problem, err := queue.Open(state)
	if err != nil || problem != nil {
		t.Fatalf("reopen: %v %v", problem, err)
	}
	defer store2.Close()
	second := downloader.New(opts)
	second.Saved().SetJournal(store2)
	second.Saved().Restore(recs)
	if _, rejected := second.Add(urls...); len(rejected) != len(urls) {
		t.Errorf("restored queue lost links: %d of %d already known", len(rejected), len(urls))
	}
	if err := second.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	s := second.Wait()
	second.Stop()
	if s.Done != len(urls) || s.Total != len(urls) {
		items, _ := second.Snapshot()
		for _, it := range items {
			t.Logf("%s %v %v", it.URL, it.State, it.Err)
		}
		t.Fatalf("summary %+v", s)
	}
	return second, s
}
