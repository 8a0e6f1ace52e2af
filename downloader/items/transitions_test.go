package items

import (
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/disk"
	"haul/downloader/itemstate"
)

// TestEveryLiveMove walks every pair of states: the moves the table lists
// for a running queue happen and keep the counts in step, every other move
// is refused with an error and changes nothing.
func TestEveryLiveMove(t *testing.T) {
	listed := map[[2]State]bool{}
	for _, tr := range transitions {
		if tr.when == live {
			listed[[2]State{tr.from, tr.to}] = true
		}
	}
	refusedBefore := refusedMoves.Load()
	refusals := int64(0)
	for from := range State(itemstate.NumStates) {
		for to := range State(itemstate.NumStates) {
			if from == to {
				continue
			}
			want := listed[[2]State{from, to}]
			if !want {
				refusals++
			}
			t.Run(from.String()+"→"+to.String(), func(t *testing.T) {
				s := newTestStore(t.TempDir())
				it := newItem(1, "http://example.com/a", "example.com:80", s.main)
				it.state = from
				s.mu.Lock()
				s.insert(it)
				err := s.setState(it, to)
				counts := s.counts
				state := it.state
				s.mu.Unlock()
				if (err == nil) != want {
					t.Fatalf("setState(%s → %s) = %v, table lists it: %v", from, to, err, want)
				}
				wantState := from
				if want {
					wantState = to
				}
				if state != wantState || counts[wantState] != 1 || counts[from]+counts[to] != 1 {
					t.Fatalf("after %s → %s: state %s, counts %v", from, to, state, counts)
				}
			})
		}
	}
	if got := refusedMoves.Load() - refusedBefore; got != refusals {
		t.Errorf("%d refused moves counted, want %d", got, refusals)
	}
	refusedMoves.Add(-refusals) // refused on purpose: not the engine's
}

// TestTableRows checks the table itself: each move is listed once for its
// moment, with its cause, and the promise of the state names holds while
// the queue runs: the final states leave only to be queued again (Done
// and Skipped only when their link was forgotten, see Controls.Forgotten).
func TestTableRows(t *testing.T) {
	listed := map[transition]bool{}
	for _, tr := range transitions {
		key := transition{from: tr.from, to: tr.to, when: tr.when}
		if listed[key] {
			t.Errorf("%s → %s (%s) is listed twice", tr.from, tr.to, tr.when)
		}
		listed[key] = true
		if tr.cause == "" {
			t.Errorf("%s → %s (%s) has no cause", tr.from, tr.to, tr.when)
		}
		if tr.when != live {
			continue
		}
		if tr.from.Final() && tr.to != Queued {
			t.Errorf("%s → %s: a final state leaves only to be queued again", tr.from, tr.to)
		}
	}
	if canMove(-1, Queued, live) || canMove(Queued, State(itemstate.NumStates), live) {
		t.Error("moves to or from states out of range are allowed")
	}
}

// restoreCase is one way a saved item comes back: the record and the
// folder it finds, and the state it must start in.
type restoreCase struct {
	saved, want State
	how         Restoring
	// file writes the item's file in the folder; tagged gives it the link's note.
	file, tagged bool
}

// TestEveryRestoreMove restores a saved item for every move the table
// lists for restoring and rerunning, and for the states that come back as
// saved: each starts in the state the table says, and no move is refused.
func TestEveryRestoreMove(t *testing.T) {
	cases := map[string]restoreCase{
		"downloading, nothing saved":         {saved: Active, want: Queued},
		"waiting, nothing saved":             {saved: Waiting, want: Queued},
		"downloading, file saved":            {saved: Active, want: Done, file: true, tagged: true},
		"waiting, file saved":                {saved: Waiting, want: Done, file: true, tagged: true},
		"saved, file gone":                   {saved: Done, want: Failed},
		"saved, file there":                  {saved: Done, want: Done, file: true},
		"skipped":                            {saved: Skipped, want: Skipped, file: true},
		"queued":                             {saved: Queued, want: Queued},
		"paused":                             {saved: Paused, want: Paused},
		"failed":                             {saved: Failed, want: Failed},
		"canceled":                           {saved: Canceled, want: Canceled},
		"rerun: saved, file there":           {saved: Done, want: Skipped, how: AsRerun, file: true},
		"rerun: saved, file gone":            {saved: Done, want: Queued, how: AsRerun},
		"rerun: failed":                      {saved: Failed, want: Queued, how: AsRerun},
		"rerun: canceled":                    {saved: Canceled, want: Queued, how: AsRerun},
		"rerun: downloading, nothing saved":  {saved: Active, want: Queued, how: AsRerun},
		"rerun: paused stays paused":         {saved: Paused, want: Paused, how: AsRerun},
		"rerun: skipped stays skipped":       {saved: Skipped, want: Skipped, how: AsRerun, file: true},
		"rerun: queued stays queued":         {saved: Queued, want: Queued, how: AsRerun},
		"rerun: waiting, file saved is done": {saved: Waiting, want: Done, how: AsRerun, file: true, tagged: true},
	}
	covered := map[transition]bool{}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			refusedBefore := refusedMoves.Load()
			got := restoreOne(t, c)
			if got != c.want {
				t.Fatalf("saved %s comes back %s, want %s", c.saved, got, c.want)
			}
			if n := refusedMoves.Load() - refusedBefore; n != 0 {
				t.Fatalf("%d moves refused", n)
			}
		})
		when := restoring
		if c.how == AsRerun && c.saved != c.want && canMove(c.saved, c.want, rerunning) {
			when = rerunning
		}
		covered[transition{from: c.saved, to: c.want, when: when}] = true
	}
	for _, tr := range transitions {
		if tr.when != live && !covered[transition{from: tr.from, to: tr.to, when: tr.when}] {
			t.Errorf("no case restores %s → %s (%s)", tr.from, tr.to, tr.when)
		}
	}
}

// restoreOne restores the case's record into a new manager and returns
// the state its item starts in.
func restoreOne(t *testing.T, c restoreCase) State {
	t.Helper()
	dir := t.TempDir()
	link := "http://example.com/a.bin"
	if c.file {
		path := filepath.Join(dir, "a.bin")
		if err := os.WriteFile(path, []byte("saved"), 0o644); err != nil {
			t.Fatal(err)
		}
		if c.tagged && !disk.TagPart(path, disk.Tag{Link: link}) {
			t.Skip("the file system keeps no notes on files")
		}
	}
	rec := Record{URL: link, Dir: dir, Name: "a.bin", State: c.saved.String()}
	s := newTestStore(dir)
	ids := s.Restore(func(yield func(Record) bool) { yield(rec) }, c.how)
	if len(ids) != 1 {
		t.Fatalf("restored %d items, want 1", len(ids))
	}
	it, _ := s.Item(ids[0])
	return it.State
}
