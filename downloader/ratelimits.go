package downloader

import (
	"context"
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"haul/downloader/transfer"
)

// rateLimits are the user's limits on requests per second and bytes per
// second, over all downloads. They can change while files download: the
// byte limiter's burst is fixed at the copy buffer, so no read is ever too
// large for it, and a change wakes every wait already reserved, which then
// waits again at the new rate (a raised limit is felt at once, not after a
// wait computed for the old one).
type rateLimits struct {
	requests *rate.Limiter
	bytes    *rate.Limiter

	mu      sync.Mutex
	bps     int64         // bytes per second, 0 for no limit
	changed chan struct{} // closed and replaced when the limits change
}

func newRateLimits(l Limits) *rateLimits {
	return &rateLimits{
		requests: rate.NewLimiter(limitOf(l.RequestsPerSec), 1),
		bytes:    rate.NewLimiter(limitOf(float64(l.BytesPerSec)), copyBufferSize),
		bps:      max(l.BytesPerSec, 0),
		changed:  make(chan struct{}),
	}
}

// set applies new limits; zero means unlimited.
func (r *rateLimits) set(l Limits) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests.SetLimit(limitOf(l.RequestsPerSec))
	r.bytes.SetLimit(limitOf(float64(l.BytesPerSec)))
	r.bps = max(l.BytesPerSec, 0)
	close(r.changed)
	r.changed = make(chan struct{})
}

func limitOf(perSec float64) rate.Limit {
	if perSec <= 0 {
		return rate.Inf
	}
	return rate.Limit(perSec)
}

// chunk is how much to read at once from a body, at most size: an eighth
// of a second of data (at least 4 KiB) under a byte limit, so progress
// stays smooth, else size.
func (r *rateLimits) chunk(size int) int {
	r.mu.Lock()
	bps := r.bps
	r.mu.Unlock()
	if bps == 0 {
		return size
	}
	return int(min(int64(size), max(bps/8, 4<<10)))
}

// waitRequest waits until a request may start.
func (r *rateLimits) waitRequest(ctx context.Context) error { return r.wait(ctx, r.requests, 1) }

// waitBytes waits until n more bytes (at most the copy buffer) may be read.
func (r *rateLimits) waitBytes(ctx context.Context, n int) error { return r.wait(ctx, r.bytes, n) }

// wait reserves n tokens of lim and waits for them; when the limits change
// meanwhile, it gives the reservation back and reserves again.
func (r *rateLimits) wait(ctx context.Context, lim *rate.Limiter, n int) error {
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

// transferRates gives a transfer the manager's limits.
type transferRates struct{ r *rateLimits }

// WaitRequest waits until a request may start.
func (t transferRates) WaitRequest(ctx context.Context) error { return t.r.waitRequest(ctx) }

// Chunk is how much to read at once, at most size.
func (t transferRates) Chunk(size int) int { return t.r.chunk(size) }

// WaitBytes waits until n more bytes may be read.
func (t transferRates) WaitBytes(ctx context.Context, n int) error { return t.r.waitBytes(ctx, n) }

// copyBufferSize is the chunk size for streaming bodies to disk: the byte
// limiter's burst is at least this.
const copyBufferSize = transfer.CopyBufferSize
