// Package journal is the part of the engine that writes the items'
// changes down, through a record.Journal (package queue keeps one), in the
// order they changed: batched every quarter second, at once when a try
// asks (before a temporary file is created, or when a file fetched in
// parts reaches a checkpoint), and when the run stops. It never imports
// the engine.
package journal

import (
	"cmp"
	"haul/downloader/items"
	"haul/downloader/record"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// flushDelay batches journal writes: changes reach the journal at most this long after they happen.
const flushDelay = 250 * time.Millisecond

// FlushChunk is how many records one journal write carries at most, so
// that a batch of 100,000 new links is never held as records all at once.
const FlushChunk = 1000

// Writer writes the items' changes to the journal. It owns two locks. order keeps concurrent flushes from reordering the
// changes; it is let go before the slow sync, so that workers recording a
// new part file never wait for the disk. mu guards the changes waiting to
// be written, the timer of the next batch and the last failure. The items'
// dirty flags are the list's: they are guarded by its lock, which is taken
// before mu, never after, and never while order is wanted.
type Writer struct {
	order sync.Mutex
	soon  atomic.Bool // a writeSoon is under way
	again atomic.Bool // a writeSoon was asked for since its last write began

	mu      sync.Mutex
	journal record.Journal
	dirty   []*items.Item // items changed since they were last written, in the order they changed
	removed []string      // links taken off the list since the last write
	timer   *time.Timer
	// After is flushDelay, raised by tests.
	After time.Duration
	err   error

	// list gives the records of the items still in it and marks them
	// written, and marks again those a failed write carried.
	list *items.Store
}

// New makes the writer of the changes of list; nothing is written until
// SetJournal.
func New(list *items.Store) *Writer { return &Writer{After: flushDelay, list: list} }

// SetJournal makes the writer persist through j.
func (w *Writer) SetJournal(j record.Journal) {
	w.order.Lock()
	defer w.order.Unlock()
	w.mu.Lock()
	defer w.mu.Unlock()
	w.journal = j
}

// Changed queues an item whose dirty flag its caller just set.
func (w *Writer) Changed(it *items.Item) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.dirty = append(w.dirty, it)
	w.scheduleLocked()
}

// Gone queues the removal of a link taken off the list.
func (w *Writer) Gone(raw string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.removed = append(w.removed, raw)
	w.scheduleLocked()
}

func (w *Writer) scheduleLocked() {
	if w.journal != nil && w.timer == nil {
		w.timer = time.AfterFunc(w.After, func() { w.Flush(true) })
	}
}

// WriteSoon writes the changes now, without waiting for the disk nor
// for the caller: a file fetched in parts notes its progress this way, so
// that a crash loses little of it.
func (w *Writer) WriteSoon() {
	w.again.Store(true)
	if !w.soon.CompareAndSwap(false, true) {
		return
	}
	go func() {
		for w.again.Swap(false) {
			w.Flush(false)
		}
		w.soon.Store(false)
		if w.again.Load() {
			w.WriteSoon() // asked for after the last write began
		}
	}()
}

// Failure is the last failure to write the journal, nil when saving works.
func (w *Writer) Failure() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// Flush writes the changed items in the order they changed, and waits for
// the disk when sync is set. Changes a failed write or sync carried are
// kept for the next flush, and the failure stays the save error until
// they are written.
func (w *Writer) Flush(sync bool) error {
	w.order.Lock()
	w.mu.Lock()
	if w.timer != nil {
		w.timer.Stop()
		w.timer = nil
	}
	j := w.journal
	if j == nil || len(w.dirty) == 0 && len(w.removed) == 0 {
		w.mu.Unlock()
		w.order.Unlock()
		return nil
	}
	dirty, removed := w.dirty, w.removed
	w.dirty, w.removed = nil, nil
	w.mu.Unlock()
	unwritten, unremoved, err := w.write(j, dirty, removed)
	w.order.Unlock()
	if err == nil && sync {
		if err = j.Sync(); err != nil {
			unwritten, unremoved = dirty, removed // what reached only the system may be lost
		}
	}
	var again []*items.Item
	if len(unwritten) > 0 || len(unremoved) > 0 {
		again = w.list.Unwritten(unwritten, unremoved)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.err = err
	if len(again) > 0 || len(unremoved) > 0 {
		w.dirty = append(again, w.dirty...)
		w.removed = append(slices.Clip(unremoved), w.removed...)
		w.scheduleLocked()
	}
	return err
}

// write writes the removals, then the records of the dirty items
// FlushChunk at a time, each taken when its chunk is written: an item
// removed and added again is written after its removal. It returns the
// first failure and what the failed writes carried.
func (w *Writer) write(j record.Journal, dirty []*items.Item, removed []string) (unwritten []*items.Item, unremoved []string, first error) {
	if len(removed) > 0 {
		if first = j.Write(nil, removed); first != nil {
			unremoved = removed
		}
	}
	for start := 0; start < len(dirty); start += FlushChunk {
		chunk := dirty[start:min(start+FlushChunk, len(dirty))]
		if err := j.Write(w.list.Written(chunk), nil); err != nil {
			unwritten = append(unwritten, chunk...)
			first = cmp.Or(first, err)
		}
	}
	return unwritten, unremoved, first
}
