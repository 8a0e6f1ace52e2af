package downloader

import (
	"fmt"
	"testing"
)

// queueOf makes a manager holding n queued links that are never started.
func queueOf(b *testing.B, n int) (*Manager, []ID) {
	b.Helper()
	m := New(Options{Dir: b.TempDir()})
	urls := make([]string, n)
	for i := range urls {
		urls[i] = fmt.Sprintf("https://pictures.example/%d/original.jpg", i)
	}
	ids, rejected := m.Add(urls...)
	if len(rejected) > 0 {
		b.Fatalf("rejected %d links", len(rejected))
	}
	return m, ids
}

// BenchmarkSnapshot reads a 100,000-item list after 100 items changed: what
// the window does on every refresh (since), and a copy of the whole list
// (full) for comparison.
func BenchmarkSnapshot(b *testing.B) {
	const items, changed = 100_000, 100
	m, ids := queueOf(b, items)
	next := 0
	change := func() {
		for range changed {
			id := ids[next%len(ids)]
			if !m.Controls().Pause(id) {
				m.Controls().Resume(id)
			}
			next++
		}
	}
	b.Run("since/100k-items-100-changed", func(b *testing.B) {
		rev := m.SnapshotSince(0).Rev
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			change()
			b.StartTimer()
			d := m.SnapshotSince(rev)
			if len(d.Items) != changed {
				b.Fatalf("%d items in the delta, want %d", len(d.Items), changed)
			}
			rev = d.Rev
		}
	})
	b.Run("full/100k-items", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m.Snapshot()
		}
	})
}
