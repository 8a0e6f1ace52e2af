package downloader

import (
	"fmt"
	"testing"
)

// TestVisitSeesEveryItemInOrder checks that Visit gives the snapshots of
// Snapshot, in the same order, and the same summary.
func TestVisitSeesEveryItemInOrder(t *testing.T) {
	m := New(testOptions(t.TempDir()))
	for i := range 5 {
		m.Add(fmt.Sprintf("http://127.0.0.1:1/f%d.bin", i))
	}
	m.Controls().Pause(2)
	want, wantSum := m.Snapshot()
	var got []ItemSnapshot
	sum := m.Visit(func(s ItemSnapshot) { got = append(got, s) })
	if len(got) != len(want) {
		t.Fatalf("visited %d items, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("item %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	wantSum.Speed, sum.Speed = 0, 0
	if sum != wantSum {
		t.Errorf("summary %+v, want %+v", sum, wantSum)
	}
}
