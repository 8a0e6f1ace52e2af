package downloader

import (
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"haul/downloader/rules"
)

// lockWatch replaces the disk's removals with one that notes whether the
// Manager's lock was free while the file was removed, then removes it, or
// fails with fail when set.
type lockWatch struct {
	free, held atomic.Int32
}

func watchRemovals(m *Manager, fail error) *lockWatch {
	w := &lockWatch{}
	m.disk.RemoveFile = func(path string) error {
		locked := make(chan struct{})
		go func() {
			m.mu.Lock()
			m.mu.Unlock()
			close(locked)
		}()
		select {
		case <-locked:
			w.free.Add(1)
		case <-time.After(10 * time.Second): // the remover holds the lock: it would never come
			w.held.Add(1)
		}
		if fail != nil {
			return &os.PathError{Op: "remove", Path: path, Err: fail}
		}
		return os.Remove(path)
	}
	return w
}

// activeWithPart makes the manager's first item Active, as the dispatcher
// does, with a temporary file of 1,000 bytes on disk, and returns the try
// that finishes it.
func activeWithPart(t *testing.T, m *Manager) (*try, string) {
	t.Helper()
	m.mu.Lock()
	it, _ := m.queues.pick(m.now(), m.siteLimitLocked())
	if it == nil {
		m.mu.Unlock()
		t.Fatal("no item to start")
	}
	if err := m.setStateLocked(it, Active); err != nil {
		m.mu.Unlock()
		t.Fatal(err)
	}
	j := m.jobLocked(it)
	it.name, it.ownsPart = "file.bin", true
	it.bytes.Store(1000)
	part := it.partPath()
	m.mu.Unlock()
	if err := os.MkdirAll(filepath.Dir(part), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(part, make([]byte, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	return &try{m: m, it: it, j: j}, part
}

// TestEndingRemovesTheTemporaryFileWithTheLockFree: a try that restarts
// from byte 0 or fails for good removes its temporary file while nobody
// holds the Manager's lock; when the file cannot be removed, only that
// item fails (a restart) or keeps its own reason (a failure), the file
// stays the item's, and the other items are left as they were.
func TestEndingRemovesTheTemporaryFileWithTheLockFree(t *testing.T) {
	restart := outcome{verdict: rules.Verdict{Retry: true, Restart: true, Err: &ItemError{Kind: ErrServer, Reason: ReasonChanged}}}
	gone := outcome{verdict: rules.Verdict{Err: &ItemError{Kind: ErrHTTP, Reason: ReasonHTTP, Status: 404}}}
	busy := syscall.EBUSY
	tests := []struct {
		name      string
		out       outcome
		fail      error
		state     State
		reason    Reason
		partStays bool
	}{
		{"restart", restart, nil, Queued, ReasonChanged, false},
		{"failure for good", gone, nil, Failed, ReasonHTTP, false},
		{"restart, file not removed", restart, busy, Failed, ReasonPartStuck, true},
		{"failure for good, file not removed", gone, busy, Failed, ReasonHTTP, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := New(testOptions(t.TempDir()))
			ids := addAll(t, m, "http://127.0.0.1:9/file.bin", "http://127.0.0.1:9/other.bin")
			w := watchRemovals(m, tc.fail)
			tr, part := activeWithPart(t, m)
			tr.finish(context.Background(), tc.out)

			it := mustItem(t, m, ids[0])
			if it.State != tc.state || it.Err == nil || it.Err.Reason != tc.reason {
				t.Fatalf("state %v (%+v), want %v with reason %s", it.State, it.Err, tc.state, tc.reason)
			}
			_, err := os.Stat(part)
			if stays := err == nil; stays != tc.partStays {
				t.Errorf("temporary file still there: %v, want %v", stays, tc.partStays)
			}
			m.mu.Lock()
			owns, bytes := tr.it.ownsPart, tr.it.bytes.Load()
			m.mu.Unlock()
			if owns != tc.partStays || tc.partStays != (bytes == 1000) {
				t.Errorf("the item owns its temporary file: %v with %d bytes, want %v", owns, bytes, tc.partStays)
			}
			if other := mustItem(t, m, ids[1]); other.State != Queued || other.Err != nil {
				t.Errorf("the other item is %v (%+v), want Queued", other.State, other.Err)
			}
			if w.free.Load() != 1 || w.held.Load() != 0 {
				t.Errorf("removals with the lock free: %d, with it held: %d; want 1 and 0", w.free.Load(), w.held.Load())
			}
		})
	}
}

// TestCanceledPartIsRemovedWithTheLockFree: the temporary file of a
// download canceled while it runs is removed while nobody holds the
// Manager's lock, and is gone once the item is Canceled; one that cannot
// be removed stays the item's.
func TestCanceledPartIsRemovedWithTheLockFree(t *testing.T) {
	for _, tc := range []struct {
		name string
		fail error
	}{{"removed", nil}, {"not removed", syscall.EBUSY}} {
		fail := tc.fail
		t.Run(tc.name, func(t *testing.T) {
			d := startSlowDownload(t, 9, 0)
			w := watchRemovals(d.m, fail)
			if !d.m.Controls().Cancel(d.id) {
				t.Fatal("cancel refused")
			}
			if s := d.m.Wait(); s.Canceled != 1 {
				t.Fatalf("summary %+v", s)
			}
			parts := partFiles(t, d.dir)
			if want := map[bool]int{true: 0, false: 1}[fail == nil]; len(parts) != want {
				t.Errorf("temporary files after the cancel: %v, want %d", parts, want)
			}
			if it := mustItem(t, d.m, d.id); fail == nil && it.Bytes != 0 {
				t.Errorf("a canceled item keeps %d bytes", it.Bytes)
			}
			if w.free.Load() != 1 || w.held.Load() != 0 {
				t.Errorf("removals with the lock free: %d, with it held: %d; want 1 and 0", w.free.Load(), w.held.Load())
			}
		})
	}
}
