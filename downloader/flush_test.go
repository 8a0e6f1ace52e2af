package downloader

import (
	"fmt"
	"haul/downloader/journal"
	"testing"
)

// writesJournal keeps every Write call it receives.
type writesJournal struct {
	writes  [][]Record
	removed []string
}

func (j *writesJournal) Write(changed []Record, removed []string) error {
	if len(changed) > 0 {
		j.writes = append(j.writes, changed)
	}
	j.removed = append(j.removed, removed...)
	return nil
}

func (j *writesJournal) Sync() error { return nil }

// TestFlushWritesLargeBatchesInChunks checks that a batch larger than one
// chunk reaches the journal whole and in queue order, no write carrying
// more than journal.FlushChunk records.
func TestFlushWritesLargeBatchesInChunks(t *testing.T) {
	for _, n := range []int{1, journal.FlushChunk, 2*journal.FlushChunk + 7} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			m := New(testOptions(t.TempDir()))
			j := &writesJournal{}
			m.Saved().SetJournal(j)
			links := make([]string, n)
			for i := range links {
				links[i] = fmt.Sprintf("http://127.0.0.1:1/f%d.bin", i)
			}
			m.Add(links...)
			if err := m.Saved().Flush(); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range j.writes {
				if len(w) > journal.FlushChunk {
					t.Errorf("one write carried %d records, want at most %d", len(w), journal.FlushChunk)
				}
				for _, r := range w {
					got = append(got, r.URL)
				}
			}
			if len(got) != n {
				t.Fatalf("journal got %d records, want %d", len(got), n)
			}
			for i, u := range got {
				if u != links[i] {
					t.Fatalf("record %d is %s, want %s", i, u, links[i])
				}
			}
		})
	}
}
