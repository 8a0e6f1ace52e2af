package disk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestGroupSyncSharesFlushesAndReportsTheirErrors(t *testing.T) {
	tests := []struct {
		name    string
		files   int
		failure error
	}{
		{"one file", 1, nil},
		{"a busy batch", 200, nil},
		{"a failing disk", 50, errors.New("input/output error")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var flushes atomic.Int32
			g := &GroupSync{Flush: func(*os.File) error {
				flushes.Add(1)
				return tt.failure
			}}
			errs := make(chan error, tt.files)
			var wg sync.WaitGroup
			for i := range tt.files {
				f, err := os.Create(filepath.Join(dir, fmt.Sprintf("f%d", i)))
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				wg.Go(func() { errs <- g.Sync(f) })
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if !errors.Is(err, tt.failure) {
					t.Fatalf("sync returned %v, want %v", err, tt.failure)
				}
			}
			if n := int(flushes.Load()); n < 1 || n > max(1, tt.files/2) {
				t.Errorf("%d files took %d flushes, want between 1 and %d", tt.files, n, max(1, tt.files/2))
			}
		})
	}
}

func TestGroupSyncFlushesAtOnceWhenNobodyElseCanAsk(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "last"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var flushes atomic.Int32
	g := &GroupSync{
		Flush:  func(*os.File) error { flushes.Add(1); return nil },
		askers: func() int { return 1 },
		gap:    time.Hour, // a flush that waited for its gap would never end
	}
	for range 3 {
		if err := g.Sync(f); err != nil {
			t.Fatal(err)
		}
	}
	if n := flushes.Load(); n != 3 {
		t.Errorf("3 syncs of the last file took %d flushes, want 3", n)
	}
}

// TestGroupSyncWaitsForTheNamesItsFlushReleased holds that a flush waits
// for a file it released to ask again for its new name, so that the name
// and the next file's bytes share one flush, and that a file saying it
// will not ask again holds up nobody.
func TestGroupSyncWaitsForTheNamesItsFlushReleased(t *testing.T) {
	for _, returns := range []bool{true, false} {
		t.Run(fmt.Sprintf("asks again %v", returns), func(t *testing.T) {
			dir := t.TempDir()
			a, err := os.Create(filepath.Join(dir, "a"))
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			b, err := os.Create(filepath.Join(dir, "b"))
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			var flushes atomic.Int32
			first := make(chan struct{})
			release := make(chan struct{})
			asked := make(chan struct{}, 4)
			g := &GroupSync{
				Flush: func(*os.File) error {
					if flushes.Add(1) == 1 {
						close(first)
						<-release
					}
					return nil
				},
				Asked:     func() { asked <- struct{}{} },
				gap:       time.Nanosecond, // a flush may start as soon as the last ended
				returnGap: time.Hour,       // but waits for the file it released
				name:      func(*os.File, string) error { return nil },
			}
			aSynced := make(chan error, 1)
			go func() {
				_, err := g.SyncOrLeaveAgain(t.Context(), a, func() {})
				aSynced <- err
			}()
			<-first // a's bytes are being flushed
			<-asked
			bSynced := make(chan error, 1)
			go func() { bSynced <- g.Sync(b) }()
			<-asked // b waits for the next flush
			close(release)
			if err := <-aSynced; err != nil {
				t.Fatal(err)
			}
			if returns {
				if named, err := g.nameAndSync(a, filepath.Join(dir, "a's name")); !named || err != nil {
					t.Fatalf("named %v, %v", named, err)
				}
			} else {
				g.NotAgain()
			}
			if err := <-bSynced; err != nil {
				t.Fatal(err)
			}
			if n := flushes.Load(); n != 2 {
				t.Errorf("%d flushes, want 2: b's bytes and a's name in one", n)
			}
		})
	}
}

// TestGroupSyncNamesItsGroupBeforeTheFlush has the files of a group ask for
// their names together: the flush gives each its name, tells a file whose
// name was taken at once, and makes the others' names durable in one go.
func TestGroupSyncNamesItsGroupBeforeTheFlush(t *testing.T) {
	dir := t.TempDir()
	taken := filepath.Join(dir, "taken.bin")
	if err := os.WriteFile(taken, []byte("the user's"), 0o644); err != nil {
		t.Fatal(err)
	}
	var flushes atomic.Int32
	d := New(4, func() int { return 3 })
	d.Syncs.Flush = func(*os.File) error { flushes.Add(1); return nil }
	names := []string{filepath.Join(dir, "a.bin"), taken, filepath.Join(dir, "b.bin")}
	type outcome struct {
		named bool
		err   error
	}
	outcomes := make([]chan outcome, len(names))
	for i, final := range names {
		f, err := d.WriteUnnamed(dir, filepath.Base(final), Tag{Link: "http://example.com/" + filepath.Base(final)}, []byte(final))
		if errors.Is(err, ErrNoUnnamed) {
			t.Skip("files without a name are not supported here")
		}
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		outcomes[i] = make(chan outcome, 1)
		go func() {
			named, err := d.LinkUnnamedAndSync(f, final)
			outcomes[i] <- outcome{named, err}
		}()
	}
	for i, final := range names {
		got := <-outcomes[i]
		switch {
		case final == taken && (got.named || !errors.Is(got.err, fs.ErrExist)):
			t.Errorf("%s: named %v, %v; want fs.ErrExist", final, got.named, got.err)
		case final != taken && (!got.named || got.err != nil):
			t.Errorf("%s: named %v, %v", final, got.named, got.err)
		}
	}
	for _, final := range names {
		want := final
		if final == taken {
			want = "the user's"
		}
		if b, err := os.ReadFile(final); err != nil || string(b) != want {
			t.Errorf("%s holds %q (%v), want %q", final, b, err, want)
		}
	}
	if n := flushes.Load(); n < 1 || n > 3 {
		t.Errorf("%d flushes for three names", n)
	}
}
