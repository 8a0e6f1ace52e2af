package main

import (
	"fmt"
	"net/http"
	"time"

	"haul/downloader/downloadtest"
)

// workload is one benchmark scenario: a set of files served with the same
// faults to every tool, the concurrency the tools are given, and the floor
// their times are compared with.
type workload struct {
	id          int
	title       string
	files       int
	size        int
	concurrency int
	latency     time.Duration
	// floor is the analytic lower bound on wall time; zero means the floor
	// is measured with a bare client (see measureFloor).
	floor time.Duration
	// faults returns the downloadtest options of file i (nil: none).
	faults func(i int) []downloadtest.Option
	// gate puts every file behind a strictGate with these limits instead
	// of plain serving.
	gate *siteLimits
	// haulFlags are flags haul gets for this workload only (say so in the title).
	haulFlags string
	// learn asks the script to run haul a second time with what it learned
	// of the site's limits in its first run (the tool haul+learned).
	learn bool
}

// everyFifth applies opts to one file in five (20% of the files).
func everyFifth(opts ...downloadtest.Option) func(int) []downloadtest.Option {
	return func(i int) []downloadtest.Option {
		if i%5 == 0 {
			return opts
		}
		return nil
	}
}

// workloads are the scenarios of the Haul benchmark.
var workloads = []workload{
	{
		id: 1, title: "1,000 × 20 KB, 50 ms latency, c16",
		files: 1000, size: 20_000, concurrency: 16, latency: 50 * time.Millisecond,
		floor: 1000 * 50 * time.Millisecond / 16,
	},
	{
		id: 2, title: "8 × 64 MiB, c4",
		files: 8, size: 64 << 20, concurrency: 4,
	},
	{
		id: 3, title: "200 × 20 KB, 20% answer 503 twice (Retry-After: 1), c16",
		files: 200, size: 20_000, concurrency: 16,
		floor:  2 * time.Second,
		faults: everyFifth(downloadtest.FailFirst(2, 503, "1")),
	},
	{
		id: 4, title: "200 × 200 KB, 20% cut at 50 KB from byte 0, c16",
		files: 200, size: 200_000, concurrency: 16,
		faults: everyFifth(downloadtest.CutBody(50_000, -1)),
	},
	{
		id: 5, title: "10,000 × 2 KB, c32",
		files: 10_000, size: 2_000, concurrency: 32,
	},
	{
		id: 6, title: "200 × 20 KB, strict host (429 over 4 in flight or 20 req/s), 50 ms latency, c8",
		files: 200, size: 20_000, concurrency: 8, latency: 50 * time.Millisecond,
		floor: 200 * time.Second / strictRate,
		gate:  &strictLimits,
	},
	{
		id: 7, title: "100,000 × 200 B, c32",
		files: 100_000, size: 200, concurrency: 32,
	},
	{
		id: 8, title: "200 × 20 KB, 4 at once (503, Retry-After: 1), 50 ms latency, c16",
		files: 200, size: 20_000, concurrency: 16, latency: 50 * time.Millisecond,
		floor: 200 * 50 * time.Millisecond / 4,
		gate:  &siteLimits{inFlight: 4, status: http.StatusServiceUnavailable, retryAfter: "1"},
		learn: true,
	},
	{
		id: 9, title: "200 × 20 KB, 4 at once (429 without Retry-After), 50 ms latency, c16",
		files: 200, size: 20_000, concurrency: 16, latency: 50 * time.Millisecond,
		floor: 200 * 50 * time.Millisecond / 4,
		gate:  &siteLimits{inFlight: 4, status: http.StatusTooManyRequests},
		learn: true,
	},
	{
		id: 10, title: "200 × 20 KB, 20 requests a second (403 without Retry-After), 50 ms latency, c16",
		files: 200, size: 20_000, concurrency: 16, latency: 50 * time.Millisecond,
		floor: 200 * time.Second / 20,
		gate:  &siteLimits{perSecond: 20, status: http.StatusForbidden},
		learn: true,
	},
	{
		id: 11, title: "200 × 20 KB, one link always 403, 50 ms latency, c16",
		files: 200, size: 20_000, concurrency: 16, latency: 50 * time.Millisecond,
		floor:  200 * 50 * time.Millisecond / 16,
		faults: firstOnly(downloadtest.Status(http.StatusForbidden)),
	},
	{
		id: 12, title: "20 × 20 KB, every link 403 for good, 50 ms latency, c16, haul -site-wait 5s",
		files: 20, size: 20_000, concurrency: 16, latency: 50 * time.Millisecond,
		faults: func(int) []downloadtest.Option {
			return []downloadtest.Option{downloadtest.Status(http.StatusForbidden)}
		},
		haulFlags: "-site-wait 5s",
		floor:     5 * time.Second,
	},
}

// firstOnly applies opts to the first file alone.
func firstOnly(opts ...downloadtest.Option) func(int) []downloadtest.Option {
	return func(i int) []downloadtest.Option {
		if i == 0 {
			return opts
		}
		return nil
	}
}

// workloadByID finds a workload by its number.
func workloadByID(id int) (workload, bool) {
	for _, w := range workloads {
		if w.id == id {
			return w, true
		}
	}
	return workload{}, false
}

// fileName is the name of file i, zero-padded so names sort in order.
func (w workload) fileName(i int) string {
	width := len(fmt.Sprint(w.files - 1))
	return fmt.Sprintf("f%0*d.bin", width, i)
}

// path is where file i is served with the workload's faults.
func (w workload) path(i int) string {
	return fmt.Sprintf("/w%d/%s", w.id, w.fileName(i))
}

// cleanPath is where file i is served without faults or latency, for
// measuring the floor.
func (w workload) cleanPath(i int) string {
	return fmt.Sprintf("/clean/w%d/%s", w.id, w.fileName(i))
}

// seed makes every file of every workload distinct.
func (w workload) seed(i int) int64 {
	return int64(w.id)*1_000_000 + int64(i)
}
