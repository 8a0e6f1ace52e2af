package disk

import (
	"errors"
	"fmt"
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
				if err := g.SyncAgain(a); err != nil { // a's new name
					t.Fatal(err)
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
