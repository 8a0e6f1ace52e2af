//go:build linux

package downloader

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// TestStoppedWhileTheDiskIsBusy: files that wait for a slow disk when the
// batch is stopped, paused or canceled get no name after that: their items
// settle at once, without waiting for the disk. Resumed, every file is
// saved whole and once, without a numbered copy.
func TestStoppedWhileTheDiskIsBusy(t *testing.T) {
	tests := []struct {
		name   string
		size   int // up to smallFileMax: saved without a temporary name; above: through a part file
		act    func(m *Manager, ids []ID)
		want   State
		resume func(m *Manager, ids []ID)
	}{
		{"stop, small files", 2000, func(m *Manager, _ []ID) { m.Stop() }, Queued, nil},
		{"pause all, small files", 2000, func(m *Manager, _ []ID) { m.PauseAll() }, Paused, func(m *Manager, _ []ID) { m.ResumeAll() }},
		{"stop, part files", smallFileMax + 1000, func(m *Manager, _ []ID) { m.Stop() }, Queued, nil},
		{"cancel, part files", smallFileMax + 1000, cancelEach, Canceled, retryEach},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t)
			var links []string
			bodies := map[string][]byte{}
			for i := range 8 {
				name := fmt.Sprintf("f%d.bin", i)
				bodies[name] = downloadtest.Data(tt.size, int64(i))
				srv.Handle("/"+name, bodies[name])
				links = append(links, srv.URL("/"+name))
			}
			dir := t.TempDir()
			opts := testOptions(dir)
			opts.Limits.Concurrency = 4
			m := New(opts)
			disk := holdFlushes(t, m)
			ids := addAll(t, m, links...)
			if err := m.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			disk.waitBusy(t)
			settled := make(chan struct{})
			go func() {
				tt.act(m, ids)
				waitSettled(m)
				close(settled)
			}()
			select {
			case <-settled:
			case <-time.After(30 * time.Second):
				disk.release()
				t.Fatal("the items waited for the disk instead of settling")
			}
			for _, id := range ids {
				if it := mustItem(t, m, id); it.State != tt.want {
					t.Errorf("%s: state %v, want %v", it.Name, it.State, tt.want)
				}
			}
			assertNoFinalNames(t, dir)
			disk.release()
			if tt.resume != nil {
				tt.resume(m, ids)
			}
			runAll(t, m)
			for _, id := range ids {
				it := mustItem(t, m, id)
				if it.State != Done || it.Note != (Note{}) {
					t.Fatalf("%s: state %v, note %+v; want saved", it.Name, it.State, it.Note)
				}
				if fileSum(t, filepath.Join(dir, it.Name)) != sum256(bodies[it.Name]) {
					t.Errorf("%s is not the served file", it.Name)
				}
			}
			if entries, _ := os.ReadDir(dir); len(entries) != len(ids) {
				t.Errorf("%d entries in the folder, want the %d files and nothing else", len(entries), len(ids))
			}
		})
	}
}

func cancelEach(m *Manager, ids []ID) {
	for _, id := range ids {
		m.Cancel(id)
	}
}

func retryEach(m *Manager, ids []ID) {
	for _, id := range ids {
		m.Retry(id)
	}
}

// heldDisk makes the manager's flushes wait until release, as a slow disk
// does; busy is signalled when the first flush starts.
type heldDisk struct {
	busy     chan struct{}
	released chan struct{}
	once     sync.Once
	holding  atomic.Bool
}

func holdFlushes(t *testing.T, m *Manager) *heldDisk {
	d := &heldDisk{busy: make(chan struct{}, 1), released: make(chan struct{})}
	d.holding.Store(true)
	m.syncer.flush = func(f *os.File) error {
		if d.holding.Load() {
			select {
			case d.busy <- struct{}{}:
			default:
			}
			<-d.released
		}
		return syncFS(f)
	}
	t.Cleanup(d.release)
	return d
}

func (d *heldDisk) waitBusy(t *testing.T) {
	t.Helper()
	select {
	case <-d.busy:
	case <-time.After(30 * time.Second):
		t.Fatal("no file ever waited for the disk")
	}
}

func (d *heldDisk) release() {
	d.once.Do(func() {
		d.holding.Store(false)
		close(d.released)
	})
}

// waitSettled returns once no item is active.
func waitSettled(m *Manager) {
	for m.Summary().Active > 0 {
		<-m.Changes()
	}
}

// assertNoFinalNames fails when the folder holds anything but part files.
func assertNoFinalNames(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".part") {
			t.Errorf("%s got its name after the batch was stopped", e.Name())
		}
	}
}
