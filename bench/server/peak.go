package main

import (
	"sync/atomic"
	"time"
)

// peakSampler reads a gauge on a ticker and keeps the highest value seen.
type peakSampler struct {
	done    chan struct{}
	stopped chan struct{}
	peak    atomic.Int64
}

// startPeakSampler reads gauge every interval until stop.
func startPeakSampler(gauge func() int, every time.Duration) *peakSampler {
	p := &peakSampler{done: make(chan struct{}), stopped: make(chan struct{})}
	go func() {
		defer close(p.stopped)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			p.observe(gauge())
			select {
			case <-t.C:
			case <-p.done:
				return
			}
		}
	}()
	return p
}

// observe raises the peak to v when v is higher.
func (p *peakSampler) observe(v int) {
	for {
		old := p.peak.Load()
		if int64(v) <= old || p.peak.CompareAndSwap(old, int64(v)) {
			return
		}
	}
}

// max returns the highest value seen so far.
func (p *peakSampler) max() int {
	return int(p.peak.Load())
}

// stop ends sampling and waits for the sampler to exit.
func (p *peakSampler) stop() {
	close(p.done)
	<-p.stopped
}
