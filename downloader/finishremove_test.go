package downloader

import (
	"os"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// lockWatch replaces the disk's removals with one that notes whether the
// list's lock was free while the file was removed, then removes it, or
// fails with fail when set.
type lockWatch struct {
	free, held atomic.Int32
}

func watchRemovals(m *Manager, fail error) *lockWatch {
	w := &lockWatch{}
	m.disk.RemoveFile = func(path string) error {
		locked := make(chan struct{})
		go func() {
			m.Summary() // takes the list's lock
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

// TestCanceledPartIsRemovedWithTheLockFree: the temporary file of a
// download canceled while it runs is removed while nobody holds the
// list's lock, and is gone once the item is Canceled; one that cannot
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
