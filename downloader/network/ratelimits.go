package network

import (
	"context"
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"haul/downloader/transfer"
)

// Rates are the user's limits on requests per second and bytes per
// second, over all downloads. They can change while files download: the
// byte limiter's burst is fixed at the copy buffer, so no read is ever too
// large for it, and a change wakes every wait already reserved, which then
// waits again at the new rate (a raised limit is felt at once, not after a
// wait computed for the old one).
type Rates struct {
	requests *rate.Limiter
	bytes    *rate.Limiter

	mu      sync.Mutex
	bps     int64         // bytes per second, 0 for no limit
	changed chan struct{} // closed and replaced when the limits change
}

// NewRates paces requests to requestsPerSec and the bytes read to
// bytesPerSec, over all downloads; zero means unlimited.
func NewRates(requestsPerSec float64, bytesPerSec int64) *Rates {
	return &Rates{
		requests: rate.NewLimiter(limitOf(requestsPerSec), 1),
		bytes:    rate.NewLimiter(limitOf(float64(bytesPerSec)), copyBufferSize),
		bps:      max(bytesPerSec, 0),
		changed:  make(chan struct{}),
	}
}

// Set applies new limits; zero means unlimited.
func (r *Rates) Set(requestsPerSec float64, bytesPerSec int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests.SetLimit(limitOf(requestsPerSec))
	r.bytes.SetLimit(limitOf(float64(bytesPerSec)))
	r.bps = max(bytesPerSec, 0)
	close(r.changed)
	r.changed = make(chan struct{})
}

func limitOf(perSec float64) rate.Limit {
	if perSec <= 0 {
		return rate.Inf
	}
	return rate.Limit(perSec)
}

// Chunk is how much to read at once from a body, at most size: an eighth
// of a second of data (at least 4 KiB) under a byte limit, so progress
// stays smooth, else size.
func (r *Rates) Chunk(size int) int {
	r.mu.Lock()
	bps := r.bps
	r.mu.Unlock()
	if bps == 0 {
		return size
	}
	return int(min(int64(size), max(bps/8, 4<<10)))
}

// WaitRequest waits until a request may start.
func (r *Rates) WaitRequest(ctx context.Context) error { return r.wait(ctx, r.requests, 1) }

// WaitBytes waits until n more bytes (at most the copy buffer) may be read.
func (r *Rates) WaitBytes(ctx context.Context, n int) error { return r.wait(ctx, r.bytes, n) }

// wait reserves n tokens of lim and waits for them; when the limits change
// meanwhile, it gives the reservation back and reserves again.
func (r *Rates) wait(ctx context.Context, lim *rate.Limiter, n int) error {
	for {
		r.mu.Lock()
		changed := r.changed
		res := lim.ReserveN(time.Now(), n)
		r.mu.Unlock()
		if !res.OK() {
			return fmt.Errorf("rate limit: %d at once is more than the limiter allows", n)
		}
		d := res.Delay()
		if d == 0 {
			return nil
		}
		t := time.NewTimer(d)
		select {
		case <-t.C:
			return nil
		case <-changed:
			t.Stop()
			res.Cancel()
		case <-ctx.Done():
			t.Stop()
			res.Cancel()
			return ctx.Err()
		}
	}
}

// copyBufferSize is the chunk size for streaming bodies to disk: the byte
// limiter's burst is at least this.
const copyBufferSize = transfer.CopyBufferSize
