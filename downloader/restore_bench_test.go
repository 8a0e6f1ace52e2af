package downloader

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// savedQueue writes a folder holding what a saved list of n items names,
// and returns the list: half the items saved (their files there), four in
// ten queued, and one in ten paused with its temporary file.
func savedQueue(b *testing.B, n int) []Record {
	b.Helper()
	dir := b.TempDir()
	recs := make([]Record, n)
	for i := range recs {
		name := fmt.Sprintf("%d.jpg", i)
		r := Record{URL: fmt.Sprintf("https://pictures.example/%d/original.jpg", i), Dir: dir, Name: name, Total: 5}
		switch i % 10 {
		case 0:
			r.State, r.OwnsPart = Paused.String(), true
			name += ".part"
		case 1, 2, 3, 4:
			r.State, r.Name, r.Total = Queued.String(), "", 0
		default:
			r.State = Done.String()
		}
		if r.Name != "" {
			if err := os.WriteFile(filepath.Join(dir, name), []byte("bytes"), 0o644); err != nil {
				b.Fatal(err)
			}
		}
		recs[i] = r
	}
	return recs
}

// BenchmarkRestore brings back a saved list of 100,000 items, as the
// window does at start (saved) and haul get does for the same list again
// (rerun).
func BenchmarkRestore(b *testing.B) {
	recs := savedQueue(b, 100_000)
	restore := map[string]func(m *Manager) []ID{
		"saved/100k-items": func(m *Manager) []ID { return m.Saved().Restore(recs) },
		"rerun/100k-items": func(m *Manager) []ID { return m.Saved().RestoreFrom(slices.Values(recs), AsRerun) },
	}
	for _, name := range []string{"saved/100k-items", "rerun/100k-items"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				m := New(Options{Dir: recs[0].Dir})
				b.StartTimer()
				if ids := restore[name](m); len(ids) != len(recs) {
					b.Fatalf("restored %d items, want %d", len(ids), len(recs))
				}
			}
		})
	}
}
