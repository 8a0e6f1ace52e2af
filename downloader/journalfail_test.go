package downloader_test

import (
	"errors"
	"maps"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"haul/downloader"
	"haul/downloader/queue"
)

// failingJournal fails its first fails writes, as a full disk would, then
// hands every write to the queue file.
type failingJournal struct {
	mu    sync.Mutex
	store *queue.Store
	fails int
}

var errDiskFull = errors.New("no space left on device")

func (j *failingJournal) Write(changed []downloader.Record, removed []string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.fails > 0 {
		j.fails--
		return errDiskFull
	}
	return j.store.Write(changed, removed)
}

func (j *failingJournal) Sync() error { return j.store.Sync() }

// TestFailedJournalWritesAreKept writes a queue's changes (links added, one
// canceled, then cleared, and one added again) to a journal whose first
// three writes fail. The save error stays while changes are unwritten, and
// after the next write succeeds a restart finds the queue as it was.
func TestFailedJournalWritesAreKept(t *testing.T) {
	state := filepath.Join(t.TempDir(), "queue.jsonl")
	store, _, _, err := queue.Open(state)
	if err != nil {
		t.Fatal(err)
	}
	m := downloader.New(downloader.Options{Dir: t.TempDir()})
	m.Saved().SetJournal(&failingJournal{store: store, fails: 3})
	const a, b, c = "http://127.0.0.1:1/a.bin", "http://127.0.0.1:1/b.bin", "http://127.0.0.1:1/c.bin"
	steps := []func(){
		func() { m.Add(a, b) },
		func() {
			ids, _ := m.Add(c)
			m.Controls().Cancel(ids[0])
		},
		func() { m.Controls().ClearFinished() },
	}
	for i, step := range steps {
		step()
		if err := m.Saved().Flush(); !errors.Is(err, errDiskFull) {
			t.Fatalf("flush %d: %v, want the disk full", i+1, err)
		}
		if !errors.Is(m.Saved().SaveError(), errDiskFull) {
			t.Fatalf("after failed flush %d the save error is %v", i+1, m.Saved().SaveError())
		}
	}
	m.Add(c)
	if err := m.Saved().Flush(); err != nil {
		t.Fatalf("flush once the disk has room: %v", err)
	}
	if err := m.Saved().SaveError(); err != nil {
		t.Fatalf("save error %v after every change was written", err)
	}
	want := statesByURL(m.Saved().Records())
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	reopened, recs, problem, err := queue.Open(state)
	if err != nil || problem != nil {
		t.Fatalf("reopen: %v %v", problem, err)
	}
	defer reopened.Close()
	if got := statesByURL(recs); !maps.Equal(got, want) {
		t.Errorf("after a restart the queue is %v, want %v", got, want)
	}
	if got := slices.Sorted(maps.Keys(want)); !slices.Equal(got, []string{a, b, c}) {
		t.Errorf("the queue holds %v, want a, b and c", got)
	}
}

// statesByURL maps each record's link to its state.
func statesByURL(recs []downloader.Record) map[string]string {
	out := map[string]string{}
	for _, r := range recs {
		out[r.URL] = r.State
	}
	return out
}
