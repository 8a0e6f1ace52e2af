//go:build unix

package downloader

import (
	"context"
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// BenchmarkSmallFiles saves 1,000 files of 2 KB from a loopback server,
// 32 at once, each run into a new folder, and reports the time and the CPU
// time (the server's included: it runs in the same process) per file: the
// cost the engine adds to every small file it keeps durable.
func BenchmarkSmallFiles(b *testing.B) {
	const files = 1000
	srv := downloadtest.New()
	b.Cleanup(srv.Close)
	urls := make([]string, files)
	for i := range urls {
		path := fmt.Sprintf("/small/f%04d.bin", i)
		srv.Handle(path, downloadtest.Data(2000, int64(i)))
		urls[i] = srv.URL(path)
	}
	root := b.TempDir()
	var cpu time.Duration
	run := 0
	for b.Loop() {
		run++
		m := New(Options{Dir: filepath.Join(root, fmt.Sprint(run)), Limits: Limits{Concurrency: 32, Retries: 5}})
		if _, rejected := m.Add(urls...); len(rejected) > 0 {
			b.Fatalf("rejected %d links", len(rejected))
		}
		before := cpuTime(b)
		if err := m.Start(context.Background()); err != nil {
			b.Fatal(err)
		}
		s := m.Wait()
		m.Stop()
		cpu += cpuTime(b) - before
		if s.Done != files {
			b.Fatalf("summary %+v", s)
		}
	}
	perFile := float64(b.N * files)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perFile, "ns/file")
	b.ReportMetric(float64(cpu.Nanoseconds())/perFile, "cpu-ns/file")
}

// cpuTime is the CPU time the process used so far, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
