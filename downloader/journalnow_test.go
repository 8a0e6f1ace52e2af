package downloader

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// TestSavesANoteCannotVouchForAreJournaledAtOnce: a saved file reaches the
// journal with the queue's regular flush, since a later run knows it by
// the note on it. Where the note cannot vouch for it (a numbered name,
// which a later run may not look at first, or an answer with neither a
// version nor a length to compare), the saved file is journaled at once,
// so a crash right after cannot lead to it being saved twice.
func TestSavesANoteCannotVouchForAreJournaledAtOnce(t *testing.T) {
	tests := []struct {
		name      string
		by        []downloadtest.Option
		taken     bool // another program's p.bin is in the folder
		saved     string
		journaled bool
	}{
		{"the name the link asks for, with a version", nil, false, "p.bin", false},
		{"a numbered name", nil, true, "p (2).bin", true},
		{"neither a version nor a length", []downloadtest.Option{downloadtest.NoValidators(), downloadtest.NoContentLength()}, false, "p.bin", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			srv.Handle("/p.bin", downloadtest.Data(2000, 51), tc.by...)
			dir := t.TempDir()
			if tc.taken {
				if err := os.WriteFile(filepath.Join(dir, "p.bin"), []byte("not Haul's"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			opts := testOptions(dir)
			opts.Limits.OnExists = KeepBoth
			m := New(opts)
			m.journal.After = time.Hour // only the writes made at once reach the journal
			j := &writesJournal{}
			m.Saved().SetJournal(j)
			ids := addAll(t, m, srv.URL("/p.bin"))
			if err := m.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			m.Wait()
			m.mu.Lock()
			d := m.dispatching
			m.mu.Unlock()
			d.tries.Wait()
			m.Saved().SetJournal(nil) // a crash now: what was written stays, nothing more is
			m.Stop()
			if it := mustItem(t, m, ids[0]); it.State != Done || it.Name != tc.saved {
				t.Fatalf("%v as %q, want Done as %q", it.State, it.Name, tc.saved)
			}
			journaled := false
			for _, w := range j.writes {
				for _, r := range w {
					journaled = journaled || r.State == Done.String() && r.Name == tc.saved
				}
			}
			if journaled != tc.journaled {
				t.Errorf("saved file journaled at once: %v, want %v", journaled, tc.journaled)
			}
		})
	}
}
