package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"time"
)

// liveHeap is the runtime metric of the heap still in use after the last
// garbage collection: what a heap profile's inuse_space adds up to.
const liveHeap = "/gc/heap/live:bytes"

// peakHeap writes a heap profile to path each time the live heap reaches a
// new high, so the file ends up holding the profile at the run's peak.
type peakHeap struct {
	path string
	stop chan struct{}
	done chan error
}

// watchPeakHeap starts sampling the live heap every interval.
func watchPeakHeap(path string, interval time.Duration) *peakHeap {
	p := &peakHeap{path: path, stop: make(chan struct{}), done: make(chan error, 1)}
	go p.loop(interval)
	return p
}

func (p *peakHeap) loop(interval time.Duration) {
	sample := []metrics.Sample{{Name: liveHeap}}
	var peak uint64
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			p.done <- nil
			return
		case <-tick.C:
		}
		metrics.Read(sample)
		if live := sample[0].Value.Uint64(); live > peak+peak/50 {
			peak = live
			if err := writeProfile(p.path); err != nil {
				p.done <- err
				return
			}
		}
	}
}

// end stops the sampling and reports the first failure to write the profile.
func (p *peakHeap) end() error {
	close(p.stop)
	return <-p.done
}

// writeProfile collects garbage, so that the profile is that of the heap
// just measured and not of an earlier cycle, and writes the heap profile.
func writeProfile(path string) error {
	runtime.GC()
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create the heap profile: %w", err)
	}
	err = pprof.WriteHeapProfile(f)
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return fmt.Errorf("write the heap profile %s: %w", path, err)
	}
	return nil
}
