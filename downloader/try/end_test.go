package try

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"

	"haul/downloader/disk"
	"haul/downloader/itemstate"
	"haul/downloader/names"
	"haul/downloader/ranges"
	"haul/downloader/rules"
	"haul/downloader/sniff"
	"haul/downloader/throttle"
)

// fakeItem is an item with a temporary file, behind a lock of its own
// that every method takes, as the list's does.
type fakeItem struct {
	mu       sync.Mutex
	part     string
	ownsPart bool
	slot     bool
}

func (f *fakeItem) locked(fn func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn()
}
func (f *fakeItem) NoteStatus(int)                                          {}
func (f *fakeItem) NoteResponse(*http.Response, int64, int64, sniff.Format) {}
func (f *fakeItem) NoteDimensions(int, int)                                 {}
func (f *fakeItem) Progress(int)                                            {}
func (f *fakeItem) OwnPart(bool) bool                                       { return false }
func (f *fakeItem) Adopt(string, string, string) string                     { return "" }
func (f *fakeItem) Claimed(names.Claim, string)                             {}
func (f *fakeItem) Renamed(string)                                          {}
func (f *fakeItem) Name() string                                            { return filepath.Base(f.part) }
func (f *fakeItem) ForgetName()                                             {}
func (f *fakeItem) Saved(string)                                            {}
func (f *fakeItem) SetHoles(*ranges.Tracker)                                {}
func (f *fakeItem) EndSplit(ranges.Holes)                                   {}
func (f *fakeItem) Checkpoint()                                             {}
func (f *fakeItem) OneConnection()                                          {}
func (f *fakeItem) Connections(int)                                         {}
func (f *fakeItem) Remembered() (string, string, string)                    { return "", "", "" }
func (f *fakeItem) Ending() (held bool, h rules.History) {
	f.locked(func() { held, f.slot = f.slot, false })
	return held, h
}
func (f *fakeItem) DropPart() (part string) {
	f.locked(func() {
		if f.ownsPart {
			part, f.ownsPart = f.part, false
		}
	})
	return part
}
func (f *fakeItem) ReleaseSlot() (held bool) {
	f.locked(func() { held, f.slot = f.slot, false })
	return held
}

type fakeSite struct{ told []throttle.Answer }

func (s *fakeSite) TryAcquire() bool                                  { return false }
func (s *fakeSite) Release()                                          {}
func (s *fakeSite) Refused()                                          {}
func (s *fakeSite) Answered()                                         {}
func (s *fakeSite) Served() bool                                      { return false }
func (s *fakeSite) PassOn(a throttle.Answer)                          { s.told = append(s.told, a) }
func (s *fakeSite) End(bool, *throttle.Answer) (j throttle.Judgement) { return j }

// TestEndingRemovesTheTemporaryFileWithTheLockFree: a try that restarts
// from byte 0 or fails for good gives its temporary file up and removes it
// while no part's lock is held, and says how the removal went, for the
// list to apply (see items' TestAFileNotRemovedStaysTheItems).
func TestEndingRemovesTheTemporaryFileWithTheLockFree(t *testing.T) {
	restart := Outcome{Verdict: rules.Verdict{Retry: true, Restart: true,
		Err: &itemstate.ItemError{Kind: itemstate.ErrServer, Reason: itemstate.ReasonChanged}}}
	gone := Outcome{Verdict: rules.Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrHTTP, Reason: itemstate.ReasonHTTP, Status: 404}}}
	busy := syscall.EBUSY
	tests := []struct {
		name      string
		out       Outcome
		fail      error
		step      rules.StepKind
		partStays bool
	}{
		{"restart", restart, nil, rules.StepRestart, false},
		{"failure for good", gone, nil, rules.StepFail, false},
		{"restart, file not removed", restart, busy, rules.StepRestart, true},
		{"failure for good, file not removed", gone, busy, rules.StepFail, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			part := filepath.Join(t.TempDir(), "file.bin.part")
			if err := os.WriteFile(part, make([]byte, 1000), 0o644); err != nil {
				t.Fatal(err)
			}
			it := &fakeItem{part: part, ownsPart: true, slot: true}
			d := disk.New(1, nil)
			free, held := 0, 0
			d.RemoveFile = func(path string) error {
				if it.mu.TryLock() {
					it.mu.Unlock()
					free++
				} else {
					held++
				}
				if tc.fail != nil {
					return &os.PathError{Op: "remove", Path: path, Err: tc.fail}
				}
				return os.Remove(path)
			}
			env := &Env{Policy: func() rules.Policy { return rules.Policy{Retries: 5} }}
			tr := New(Job{}, env, Ports{Item: it, Site: &fakeSite{}, Disk: d})
			res := tr.end(context.Background(), tc.out)

			if res.Interrupted || res.Step.Kind != tc.step || !res.Dropped || (res.DropErr != nil) != tc.partStays {
				t.Fatalf("ended %+v, want step %v with the file given up", res, tc.step)
			}
			if _, err := os.Stat(part); (err == nil) != tc.partStays {
				t.Errorf("temporary file still there: %v, want %v", err == nil, tc.partStays)
			}
			if free != 1 || held != 0 {
				t.Errorf("removals with the lock free: %d, with it held: %d; want 1 and 0", free, held)
			}
		})
	}
}
