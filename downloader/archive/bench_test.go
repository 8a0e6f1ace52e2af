package archive

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// benchLinks is how many links the benchmarks' archive holds.
const benchLinks = 1_000_000

var (
	bigOnce sync.Once
	bigDir  string
	bigPath string
	bigErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if bigDir != "" {
		os.RemoveAll(bigDir)
	}
	os.Exit(code)
}

// bigArchive is an archive of benchLinks links, made once per run.
func bigArchive(b *testing.B) string {
	bigOnce.Do(func() {
		bigDir, bigErr = os.MkdirTemp("", "haul-archive-bench-")
		if bigErr != nil {
			return
		}
		bigPath = filepath.Join(bigDir, "archive.sqlite")
		bigErr = fill(bigPath, benchLinks)
	})
	if bigErr != nil {
		b.Fatal(bigErr)
	}
	return bigPath
}

// fill records n links with hashes in the archive at path.
func fill(path string, n int) error {
	a, err := Open(path)
	if err != nil {
		return err
	}
	defer a.Close()
	at := time.Unix(1700000000, 0)
	batch := make([]Entry, 0, 50_000)
	for i := range n {
		batch = append(batch, Entry{Link: benchLink(i), Sum: fmt.Sprintf("%064x", i),
			Page: "https://gallery.example.com/artist/page", At: at})
		if len(batch) == cap(batch) || i == n-1 {
			if err := a.AddAll(batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return nil
}

func benchLink(i int) string {
	return fmt.Sprintf("https://images.example.com/artist/%07d/picture-%d.jpg", i/100, i)
}

// BenchmarkArchiveLookup asks an archive of 1,000,000 links about a link
// it holds and one it does not (the target is under 50 µs each).
func BenchmarkArchiveLookup(b *testing.B) {
	a, err := Open(bigArchive(b))
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	b.Run("held", func(b *testing.B) {
		defer reportCPU(b, cpuTime())
		i := 0
		for b.Loop() {
			if held, err := a.HasLink(benchLink(i * 7919 % benchLinks)); !held || err != nil {
				b.Fatal("a recorded link is not known")
			}
			i++
		}
	})
	b.Run("new", func(b *testing.B) {
		defer reportCPU(b, cpuTime())
		i := 0
		for b.Loop() {
			if held, err := a.HasLink(benchLink(benchLinks + i)); held || err != nil {
				b.Fatal("an unknown link is known")
			}
			i++
		}
	})
	b.Run("picture", func(b *testing.B) {
		defer reportCPU(b, cpuTime())
		i := 0
		for b.Loop() {
			if held, err := a.HasPicture(fmt.Sprintf("%064x", i*7919%benchLinks)); !held || err != nil {
				b.Fatal("a recorded picture is not known")
			}
			i++
		}
	})
}

// BenchmarkArchiveOpen opens an archive of 1,000,000 links and answers a
// first look-up (the target is under 1 s).
func BenchmarkArchiveOpen(b *testing.B) {
	path := bigArchive(b)
	defer reportCPU(b, cpuTime())
	for b.Loop() {
		a, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		if held, err := a.HasLink(benchLink(123456)); !held || err != nil {
			b.Fatal("a recorded link is not known")
		}
		a.Close()
	}
}

// reportCPU reports the processor time each operation took since start
// (cpu-ns/op), which other work on a busy machine does not inflate as it
// does the wall time of ns/op.
func reportCPU(b *testing.B, start time.Duration) {
	if used := cpuTime() - start; used > 0 {
		b.ReportMetric(float64(used.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
