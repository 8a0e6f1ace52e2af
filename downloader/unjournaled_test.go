package downloader

import (
	"errors"
	"sync/atomic"
	"testing"

	"haul/downloader/disk"
	"haul/downloader/downloadtest"
)

// fullJournal fails every write, as a full disk does.
type fullJournal struct{ writes atomic.Int32 }

func (j *fullJournal) Write([]Record, []string) error {
	j.writes.Add(1)
	return errors.New("no space left on device")
}
func (j *fullJournal) Sync() error { return nil }

// TestNoPartFileTheJournalDoesNotKnow downloads a file while the journal
// cannot be written: its temporary file is never created (a crash would
// leave it unknown to every later run), the item fails after its retries,
// and nothing is left in the folder.
func TestNoPartFileTheJournalDoesNotKnow(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/big.bin", downloadtest.Data(smallFileMax+1000, 1)) // beyond the in-memory path
	dir := t.TempDir()
	opts := testOptions(dir)
	opts.Limits.Retries = 2
	m := New(opts)
	j := &fullJournal{}
	m.Saved().SetJournal(j)
	created := 0
	open := m.disk.OpenPart
	m.disk.OpenPart = func(path string, offset int64, exclusive bool) (disk.PartFile, error) {
		created++
		return open(path, offset, exclusive)
	}
	id := addAll(t, m, srv.URL("/big.bin"))[0]
	runAll(t, m)
	it := mustItem(t, m, id)
	if it.State != Failed || it.Err == nil || it.Err.Kind != ErrDisk || it.Attempts != 3 {
		t.Errorf("state %v (%v) after %d tries, want Failed to save after 3", it.State, it.Err, it.Attempts)
	}
	if created != 0 {
		t.Errorf("the temporary file was created %d times", created)
	}
	if files := allFiles(t, dir); len(files) != 0 {
		t.Errorf("files %v left in the folder", files)
	}
	if n := j.writes.Load(); n < 3 {
		t.Errorf("the journal was asked %d times, want once per try at least", n)
	}
}
