package downloader

import (
	"fmt"
	"haul/downloader/disk"
	"haul/downloader/items"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestRestoreWithSlowDiskLeavesTheListReadable restores more saved items
// than one batch while the disk holds up a look-up (the temporary file of a
// paused item) or a removal (that of a canceled item): the list can be
// read meanwhile, and holds the items brought back so far. Once the disk
// answers, every item is back as saved.
func TestRestoreWithSlowDiskLeavesTheListReadable(t *testing.T) {
	cases := map[string]struct {
		saved State
		// slow makes the disk's call that holds up the restore wait for
		// wait; visible is how many items the list holds meanwhile.
		slow    func(d *disk.Disk, wait func())
		visible int
	}{
		"looking at paused items' temporary files": {saved: Paused, visible: items.RestoreBatch,
			slow: func(d *disk.Disk, wait func()) {
				lstat, calls := d.Lstat, atomic.Int64{}
				d.Lstat = func(path string) (fs.FileInfo, error) {
					if calls.Add(1) == items.RestoreBatch+1 { // the first look of the second batch
						wait()
					}
					return lstat(path)
				}
			}},
		"removing canceled items' temporary files": {saved: Canceled, visible: items.RestoreBatch,
			slow: func(d *disk.Disk, wait func()) {
				remove, calls := d.RemoveFile, atomic.Int64{}
				d.RemoveFile = func(path string) error {
					if calls.Add(1) == 1 { // the first removal, after the first batch is back
						wait()
					}
					return remove(path)
				}
			}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			recs := savedWithParts(t, dir, c.saved, items.RestoreBatch+items.RestoreBatch/2)
			m := New(Options{Dir: dir})
			held, release := make(chan struct{}), make(chan struct{})
			answer := sync.OnceFunc(func() { close(release) })
			defer answer()
			c.slow(m.disk, func() {
				close(held)
				<-release
			})
			restored := make(chan []ID, 1)
			go func() { restored <- m.Saved().Restore(recs) }()
			<-held
			var items []ItemSnapshot
			var delta Delta
			readableWithin(t, func() {
				items, _ = m.Snapshot()
				delta = m.SnapshotSince(0)
			})
			answer()
			if len(items) != c.visible || len(delta.Items) != c.visible {
				t.Errorf("while the disk was slow the list held %d items (%d since 0), want %d", len(items), len(delta.Items), c.visible)
			}
			if ids := <-restored; len(ids) != len(recs) {
				t.Fatalf("restored %d items, want %d", len(ids), len(recs))
			}
			checkRestoredWithParts(t, m, dir, c.saved)
		})
	}
}

// readableWithin calls read and fails the test when it does not return within a
// minute: the list stayed locked while the disk was slow.
func readableWithin(t *testing.T, read func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		read()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the list could not be read while the disk was slow")
	}
}

// savedWithParts writes n saved records in the state saved, each owning a
// temporary file of 3 bytes in dir.
func savedWithParts(t *testing.T, dir string, saved State, n int) []Record {
	t.Helper()
	recs := make([]Record, n)
	for i := range recs {
		name := fmt.Sprintf("%d.bin", i)
		if err := os.WriteFile(filepath.Join(dir, name+".part"), []byte("abc"), 0o644); err != nil {
			t.Fatal(err)
		}
		recs[i] = Record{URL: fmt.Sprintf("http://example.com/%d.bin", i), Dir: dir, Name: name,
			State: saved.String(), OwnsPart: true, Total: 10}
	}
	return recs
}

// checkRestoredWithParts checks the items of savedWithParts are back in
// their saved state: a paused one resumes its temporary file, a canceled
// one's is removed.
func checkRestoredWithParts(t *testing.T, m *Manager, dir string, saved State) {
	t.Helper()
	items, _ := m.Snapshot()
	for _, it := range items {
		if it.State != saved || it.Bytes != 3 {
			t.Fatalf("%s comes back %s with %d bytes, want %s with 3", it.Name, it.State, it.Bytes, saved)
		}
	}
	parts := partFiles(t, dir)
	if want := map[State]int{Paused: len(items), Canceled: 0}[saved]; len(parts) != want {
		t.Errorf("%d temporary files left, want %d", len(parts), want)
	}
}

// TestRestoreKeepsACanceledPartItCannotRemove restores a canceled item
// whose temporary file cannot be removed: the file stays the item's, to be
// removed at the next start.
func TestRestoreKeepsACanceledPartItCannotRemove(t *testing.T) {
	dir := t.TempDir()
	recs := savedWithParts(t, dir, Canceled, 1)
	m := New(Options{Dir: dir})
	m.disk.RemoveFile = func(string) error { return fs.ErrPermission }
	if ids := m.Saved().Restore(recs); len(ids) != 1 {
		t.Fatalf("restored %d items, want 1", len(ids))
	}
	if r := m.Saved().Records()[0]; r.State != Canceled.String() || !r.OwnsPart {
		t.Errorf("the item comes back %s, owning its temporary file: %v; want canceled, owning it", r.State, r.OwnsPart)
	}
	if parts := partFiles(t, dir); len(parts) != 1 {
		t.Errorf("temporary files %v, want the one that could not be removed", parts)
	}
}
