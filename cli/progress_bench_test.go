package cli

import (
	"fmt"
	"io"
	"testing"
	"time"

	"haul/downloader"
)

// BenchmarkLogTick is one tick of the log mode over a list of 100,000
// links while 10 of them finish per tick (canceled here, so that nothing
// runs): what haul get does four times a second when stderr is not a
// terminal.
func BenchmarkLogTick(b *testing.B) {
	const items, finishing = 100_000, 10
	m := downloader.New(downloader.Options{Dir: b.TempDir()})
	urls := make([]string, items)
	for i := range urls {
		urls[i] = fmt.Sprintf("https://pictures.example/%d/original.jpg", i)
	}
	ids, rejected := m.Add(urls...)
	if len(rejected) > 0 {
		b.Fatalf("rejected %d links", len(rejected))
	}
	p := &progress{m: m, w: io.Discard, mode: progressLog, start: time.Now(), reported: map[downloader.ID]bool{}}
	p.logFinished()
	next := 0
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		for range finishing {
			if next == len(ids) {
				b.Fatal("every link has finished")
			}
			m.Controls().Cancel(ids[next])
			next++
		}
		b.StartTimer()
		p.logFinished()
	}
	if len(p.reported) != next {
		b.Fatalf("%d items logged, want %d", len(p.reported), next)
	}
}
