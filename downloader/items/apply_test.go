package items

import (
	"context"
	"os"
	"syscall"
	"testing"

	"haul/downloader/itemstate"
	"haul/downloader/names"
	"haul/downloader/rules"
	"haul/downloader/try"
)

// TestAFileNotRemovedStaysTheItems: the list applies how a try that gave
// its temporary file up ended: a file removed leaves the item no bytes;
// one that could not be removed stays the item's, and a restart from
// byte 0, which it would be in the way of, fails this item alone; the
// other items are left as they were.
func TestAFileNotRemovedStaysTheItems(t *testing.T) {
	restart := rules.Step{Kind: rules.StepRestart, Err: &ItemError{Kind: itemstate.ErrServer, Reason: itemstate.ReasonChanged}}
	gone := rules.Step{Kind: rules.StepFail, DropPart: true, Err: &ItemError{Kind: itemstate.ErrHTTP, Reason: itemstate.ReasonHTTP, Status: 404}}
	busy := &os.PathError{Op: "remove", Path: "file.bin.part", Err: syscall.EBUSY}
	tests := []struct {
		name      string
		step      rules.Step
		dropErr   error
		state     State
		reason    itemstate.Reason
		partStays bool
	}{
		{"restart", restart, nil, Queued, itemstate.ReasonChanged, false},
		{"failure for good", gone, nil, Failed, itemstate.ReasonHTTP, false},
		{"restart, file not removed", restart, busy, Failed, itemstate.ReasonPartStuck, true},
		{"failure for good, file not removed", gone, busy, Failed, itemstate.ReasonHTTP, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestStore(t.TempDir())
			ids, _ := s.Main().Add("http://127.0.0.1:9/file.bin", "http://127.0.0.1:9/other.bin")
			tr, _, _ := s.Pick(context.Background(), true, try.Limits{})
			tr.Claimed(names.Claim{Name: "file.bin"}, "")
			tr.OwnPart(false)
			tr.Progress(1000)
			if tr.DropPart() == "" {
				t.Fatal("the item gave no temporary file up")
			}
			s.Apply(tr, try.Result{Step: tc.step, Dropped: true, DropErr: tc.dropErr}, false)
			tr.End()

			it, _ := s.Item(ids[0])
			if it.State != tc.state || it.Err == nil || it.Err.Reason != tc.reason {
				t.Fatalf("state %v (%+v), want %v with reason %s", it.State, it.Err, tc.state, tc.reason)
			}
			s.mu.Lock()
			owns, bytes := tr.it.ownsPart, tr.it.bytes.Load()
			s.mu.Unlock()
			if owns != tc.partStays || tc.partStays != (bytes == 1000) {
				t.Errorf("the item owns its temporary file: %v with %d bytes, want %v", owns, bytes, tc.partStays)
			}
			if other, _ := s.Item(ids[1]); other.State != Queued || other.Err != nil {
				t.Errorf("the other item is %v (%+v), want Queued", other.State, other.Err)
			}
		})
	}
}
