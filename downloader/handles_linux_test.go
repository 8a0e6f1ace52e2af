package downloader

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// TestManySmallFilesWithFewFileHandles saves 10,000 small files at 32 at
// once with the process limited to 512 open files, while another process
// keeps the disk's write cache full: every file is saved, and the open
// files stay near the concurrency plus the files being synced.
func TestManySmallFilesWithFewFileHandles(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("long batch: make test runs it without the race detector")
	}
	limitOpenFiles(t, 512)
	srv := newServer(t)
	const n, concurrency = 10000, 32
	urls := make([]string, n)
	for i := range n {
		p := fmt.Sprintf("/s%05d.bin", i)
		srv.Handle(p, downloadtest.Data(2<<10+i%512, int64(i)))
		urls[i] = srv.URL(p)
	}
	dir := t.TempDir()
	keepWriteCacheFull(t, dir)
	o := testOptions(dir)
	o.Concurrency = concurrency
	m := New(o)
	addAll(t, m, urls...)
	peak := watchOpenFiles(t)
	s := runAllWithin(t, m, 5*time.Minute)
	if s.Done != n {
		items, _ := m.Snapshot()
		for _, it := range items {
			if it.State != Done {
				t.Fatalf("summary %+v; first not saved: %s %v %v", s, it.URL, it.State, it.Err)
			}
		}
	}
	for i := range n {
		name := fmt.Sprintf("s%05d.bin", i)
		if fileSum(t, filepath.Join(dir, name)) != sum256(downloadtest.Data(2<<10+i%512, int64(i))) {
			t.Fatalf("%s differs", name)
		}
	}
	// Per download: its part file, its connection and the server's end of
	// it, and a connection closing; plus the files being synced and a few
	// the process keeps open.
	bound := int64(4*concurrency + maxCommits + 32)
	t.Logf("at most %d files open at once (bound %d, limit 512)", peak.Load(), bound)
	if peak.Load() > bound {
		t.Errorf("%d files open at once, more than %d", peak.Load(), bound)
	}
}

// limitOpenFiles lowers the process's limit on open files for the test.
func limitOpenFiles(t *testing.T, n uint64) {
	t.Helper()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Skip("cannot read the open file limit:", err)
	}
	lower := old
	lower.Cur = min(n, old.Max)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lower); err != nil {
		t.Skip("cannot lower the open file limit:", err)
	}
	t.Cleanup(func() { syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old) })
}

// keepWriteCacheFull runs another process that writes a large file into
// dir over and over until the test ends, so syncs wait for the disk.
func keepWriteCacheFull(t *testing.T, dir string) {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	big := filepath.Join(dir, "..", "filler.bin")
	cmd := exec.CommandContext(ctx, "sh", "-c",
		`while :; do dd if=/dev/zero of="$1" bs=1M count=64 conv=notrunc 2>/dev/null; done`, "sh", big)
	if err := cmd.Start(); err != nil {
		t.Skip("cannot start a writer:", err)
	}
	t.Cleanup(func() {
		stop()
		cmd.Wait()
		os.Remove(big)
	})
}

// watchOpenFiles samples how many files the process has open until the
// test ends and returns the highest count seen.
func watchOpenFiles(t *testing.T) *atomic.Int64 {
	t.Helper()
	var peak atomic.Int64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if entries, err := os.ReadDir("/proc/self/fd"); err == nil {
					peak.Store(max(peak.Load(), int64(len(entries))))
				}
			}
		}
	}()
	t.Cleanup(func() {
		close(done)
		<-stopped
	})
	return &peak
}
