package downloader

import (
	"testing"

	"haul/downloader/itemstate"
)

// TestEveryTransitionRow walks every pair of states: the moves in the table
// happen and keep the counts in step, every other move is refused and
// changes nothing.
func TestEveryTransitionRow(t *testing.T) {
	listed := map[[2]State]bool{}
	for _, tr := range transitions {
		if listed[[2]State{tr.from, tr.to}] {
			t.Errorf("%s → %s is listed twice", tr.from, tr.to)
		}
		listed[[2]State{tr.from, tr.to}] = true
		if tr.cause == "" {
			t.Errorf("%s → %s has no cause", tr.from, tr.to)
		}
	}
	for from := range State(itemstate.NumStates) {
		for to := range State(itemstate.NumStates) {
			if from == to {
				continue
			}
			t.Run(from.String()+"→"+to.String(), func(t *testing.T) {
				m := New(Options{Dir: t.TempDir()})
				it := newItem(1, "http://example.com/a", "example.com:80")
				it.state = from
				m.mu.Lock()
				m.insertLocked(it)
				moved := m.setStateLocked(it, to)
				counts := m.counts
				state := it.state
				m.mu.Unlock()
				want := listed[[2]State{from, to}]
				if moved != want {
					t.Fatalf("setStateLocked(%s → %s) = %v, table says %v", from, to, moved, want)
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
}

// TestFinalStatesOnlyRetry checks the promise of the state names: nothing
// leaves Done or Skipped, and Failed and Canceled leave only to be retried.
func TestFinalStatesOnlyRetry(t *testing.T) {
	for _, tr := range transitions {
		if tr.from == Done || tr.from == Skipped {
			t.Errorf("%s → %s: nothing leaves %s", tr.from, tr.to, tr.from)
		}
		if (tr.from == Failed || tr.from == Canceled) && tr.to != Queued {
			t.Errorf("%s → %s: a final state leaves only to be queued again", tr.from, tr.to)
		}
	}
	if canMove(-1, Queued) || canMove(Queued, State(itemstate.NumStates)) {
		t.Error("moves to or from states out of range are allowed")
	}
}
