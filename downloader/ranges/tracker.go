package ranges

import (
	"sync"
	"sync/atomic"
)

// Tracker follows one file being fetched over several connections: the
// holes left as bytes are written, and the holes as of the last
// checkpoint, when the file was synced, which is what a record may
// promise. Its methods may be called from any goroutine.
type Tracker struct {
	mu      sync.Mutex
	holes   Holes // missing now
	durable Holes // missing as of the last checkpoint

	checkpoints atomic.Uint64
	told        atomic.Uint64
}

// NewTracker follows a file whose missing spans are holes.
func NewTracker(holes Holes) *Tracker {
	return &Tracker{holes: holes, durable: holes}
}

// Written notes that n bytes from start are written.
func (t *Tracker) Written(start, n int64) {
	t.mu.Lock()
	t.holes = t.holes.Fill(Span{start, start + n})
	t.mu.Unlock()
}

// Holes are the spans missing now.
func (t *Tracker) Holes() Holes {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.holes
}

// Checkpoint makes holes, taken with Holes before the file was synced,
// the ones a record may promise.
func (t *Tracker) Checkpoint(holes Holes) {
	t.mu.Lock()
	t.durable = holes
	t.mu.Unlock()
	t.checkpoints.Add(1)
}

// Durable are the holes as of the last checkpoint.
func (t *Tracker) Durable() Holes {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.durable
}

// NewCheckpoint says whether a checkpoint was made since the last call
// that said so: the record is then worth writing again.
func (t *Tracker) NewCheckpoint() bool {
	n := t.checkpoints.Load()
	return t.told.Swap(n) != n
}
