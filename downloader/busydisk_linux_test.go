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

	"haul/downloader/disk"
	"haul/downloader/downloadtest"
)

// TestStoppedWhileTheDiskIsBusy: files that wait for a slow disk when the
// batch is stopped, paused or canceled get no name after that: their items
// settle at once, without waiting for the disk, while those files keep
// their places among the files being committed until they are closed.
// Resumed, every file is saved whole and once, without a numbered copy.
func TestStoppedWhileTheDiskIsBusy(t *testing.T) {
	tests := []struct {
		name   string
		size   int // up to smallFileMax: saved without a temporary name; above: through a part file
		act    func(m *Manager, ids []ID)
		want   State
		resume func(m *Manager, ids []ID)
	}{
		{"stop, small files", 2000, func(m *Manager, _ []ID) { m.Stop() }, Queued, nil},
		{"pause all, small files", 2000, func(m *Manager, _ []ID) { m.Controls().PauseAll() }, Paused, func(m *Manager, _ []ID) { m.Controls().ResumeAll() }},
		{"stop, part files", smallFileMax + 1000, func(m *Manager, _ []ID) { m.Stop() }, Queued, nil},
		{"cancel, part files", smallFileMax + 1000, cancelEach, Canceled, retryEach},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, links, bodies := serveFiles(t, 8, tt.size)
			dir := t.TempDir()
			opts := testOptions(dir)
			opts.Limits.Concurrency = 4
			m := New(opts)
			disk, ids := startHeld(t, m, links...)
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
			if m.disk.Commits.TryAcquire(maxCommits) {
				m.disk.Commits.Release(maxCommits)
				t.Error("files still waiting for the disk gave up their places before they were closed")
			}
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

// serveFiles serves n files of size bytes as f0.bin, f1.bin…; it returns
// their links, and their bodies by name.
func serveFiles(t *testing.T, n, size int) (*downloadtest.Server, []string, map[string][]byte) {
	srv := newServer(t)
	var links []string
	bodies := map[string][]byte{}
	for i := range n {
		name := fmt.Sprintf("f%d.bin", i)
		bodies[name] = downloadtest.Data(size, int64(i))
		srv.Handle("/"+name, bodies[name])
		links = append(links, srv.URL("/"+name))
	}
	return srv, links, bodies
}

// startHeld queues links and starts m with its flushes held (see heldDisk).
func startHeld(t *testing.T, m *Manager, links ...string) (*heldDisk, []ID) {
	t.Helper()
	disk := holdFlushes(t, m)
	ids := addAll(t, m, links...)
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	return disk, ids
}

func cancelEach(m *Manager, ids []ID) {
	for _, id := range ids {
		m.Controls().Cancel(id)
	}
}

func retryEach(m *Manager, ids []ID) {
	for _, id := range ids {
		m.Controls().Retry(id)
	}
}

// heldDisk makes the manager's flushes wait until release, as a slow disk
// does; busy is signalled when the first flush starts, asked each time a
// file asks for a flush.
type heldDisk struct {
	busy     chan struct{}
	asked    chan struct{}
	released chan struct{}
	once     sync.Once
	holding  atomic.Bool
}

func holdFlushes(t *testing.T, m *Manager) *heldDisk {
	d := &heldDisk{busy: make(chan struct{}, 1), asked: make(chan struct{}, 64), released: make(chan struct{})}
	d.holding.Store(true)
	m.disk.Syncs.Asked = func() {
		select {
		case d.asked <- struct{}{}:
		default: // only the first asks are counted
		}
	}
	m.disk.Syncs.Flush = func(f *os.File) error {
		if d.holding.Load() {
			select {
			case d.busy <- struct{}{}:
			default:
			}
			<-d.released
		}
		return f.Sync()
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

// waitAsked waits until n more files asked for a flush.
func (d *heldDisk) waitAsked(t *testing.T, n int) {
	t.Helper()
	for range n {
		select {
		case <-d.asked:
		case <-time.After(30 * time.Second):
			t.Fatal("the files never asked for the disk")
		}
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

// TestSamePictureWhileTheFirstWaitsForTheDisk: a picture identical to one
// still waiting for the disk is not skipped for it before that one is
// saved: when the first is canceled meanwhile, the second is saved, not
// left "the same as" a file that never came; with files made without a
// name and through part files alike.
func TestSamePictureWhileTheFirstWaitsForTheDisk(t *testing.T) {
	for _, unnamed := range []bool{true, false} {
		t.Run(fmt.Sprintf("without a name %v", unnamed), func(t *testing.T) {
			pic := pngOf(t, 40, 30, 9)
			srv := newServer(t)
			srv.Handle("/a.png", pic)
			srv.Handle("/b.png", pic)
			dir := t.TempDir()
			m := New(testOptions(dir))
			if !unnamed {
				m.disk.CreateUnnamed = func(string) (*os.File, error) { return nil, disk.ErrNoUnnamed }
			}
			disk, ids := startHeld(t, m, srv.URL("/a.png"))
			first := ids[0]
			disk.waitAsked(t, 1)
			disk.waitBusy(t)
			second := addAll(t, m, srv.URL("/b.png"))[0]
			disk.waitAsked(t, 1)
			m.Controls().Cancel(first)
			for mustItem(t, m, first).State != Canceled {
				<-m.Changes()
			}
			disk.release()
			runAll(t, m)
			if it := mustItem(t, m, second); it.State != Done || fileSum(t, it.Path) != sum256(pic) {
				t.Fatalf("the second picture: state %v, note %+v; want saved", it.State, it.Note)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("%d entries in the folder, want the second picture alone", len(entries))
			}
		})
	}
}

// TestLowerLimitWhileFilesWaitForTheDisk: lowering the number of
// downloads at once sends back downloads, not files already received that
// wait for the disk: no file is fetched twice.
func TestLowerLimitWhileFilesWaitForTheDisk(t *testing.T) {
	srv, links, _ := serveFiles(t, 4, 2000)
	opts := testOptions(t.TempDir())
	opts.Limits.Concurrency = 4
	m := New(opts)
	disk, ids := startHeld(t, m, links...)
	disk.waitAsked(t, len(links))
	l := m.Limits()
	l.Concurrency = 1
	if n := m.SetLimits(l); n != 0 {
		t.Errorf("%d downloads sent back, want none: every file was received", n)
	}
	disk.release()
	runAll(t, m)
	for i, id := range ids {
		if it := mustItem(t, m, id); it.State != Done {
			t.Errorf("%s: state %v, want Done", it.Name, it.State)
		}
		if hits := srv.Hits(fmt.Sprintf("/f%d.bin", i)); hits != 1 {
			t.Errorf("f%d.bin fetched %d times, want once", i, hits)
		}
	}
}
