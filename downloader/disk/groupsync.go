package disk

import (
	"context"
	"os"
	"sync"
	"time"
)

// GroupSync makes finished files durable in groups: every file that asks
// while a sync is under way waits for the next one, which then covers them
// all. Where the system can sync a whole file system at once (syncfs on
// Linux) that is one call for many files instead of one fsync each.
//
// Flushes start at most every syncGap: a file that asks right after a
// flush began waits for the rest of the gap, so that a busy batch shares a
// few hundred flushes a second at most instead of one for every two or
// three files, while a lone file is flushed at once. 10,000 small files
// then cost a few hundred flushes, not 10,000. When every file that could
// still ask is already waiting, as at the end of a batch, nobody is left
// to share the next flush, so it starts at once.
type GroupSync struct {
	mu        sync.Mutex
	waiting   []syncWaiter
	busy      bool
	lastStart time.Time // when the last flush began
	// Flush flushes the file system holding a file; nil means syncFS.
	Flush func(*os.File) error
	// askers counts the files that may ask for a sync while a flush waits
	// for its gap; nil means there may always be more.
	askers func() int
	// gap is the least time between the starts of two flushes; zero
	// means syncGap.
	gap time.Duration
	// arrived wakes a flush waiting for its gap when a file asks.
	arrived chan struct{}
	// Asked, when set, is told each time a file asks (for tests).
	Asked func()
}

// syncGap is the least time between the starts of two flushes.
const syncGap = 5 * time.Millisecond

type syncWaiter struct {
	f    *os.File
	done chan error
}

// Sync returns once f's data is on the disk.
func (g *GroupSync) Sync(f *os.File) error {
	if !CanSyncFS {
		return f.Sync()
	}
	return <-g.start(f)
}

// SyncOrLeave is Sync for a file whose item may be paused, canceled or
// stopped meanwhile: when ctx ends before the flush that covers f is over,
// it returns at once with left true and ctx's cause; f is closed once that
// flush no longer needs it, and then closed runs. A slow disk then holds
// up no Stop, and no file gets its name after the user stopped the batch.
// Where each file is synced on its own, it waits as sync does: a file
// still open there may not be removable, as a canceled item's temporary
// file must be.
func (g *GroupSync) SyncOrLeave(ctx context.Context, f *os.File, closed func()) (left bool, err error) {
	if !CanSyncFS {
		return false, f.Sync()
	}
	if ctx.Err() != nil {
		f.Close()
		closed()
		return true, context.Cause(ctx)
	}
	done := g.start(f)
	select {
	case err := <-done:
		return false, err
	case <-ctx.Done():
		select {
		case err := <-done: // the flush is over already: keep the file
			return false, err
		default:
		}
		go func() {
			<-done
			f.Close()
			closed()
		}()
		return true, context.Cause(ctx)
	}
}

// start asks for f to be synced with the next group; the channel delivers
// the outcome.
func (g *GroupSync) start(f *os.File) <-chan error {
	done := make(chan error, 1)
	g.mu.Lock()
	g.waiting = append(g.waiting, syncWaiter{f: f, done: done})
	if g.arrived == nil {
		g.arrived = make(chan struct{}, 1)
	}
	select {
	case g.arrived <- struct{}{}:
	default:
	}
	if !g.busy {
		g.busy = true
		go g.run()
	}
	asked := g.Asked
	g.mu.Unlock()
	if asked != nil {
		asked()
	}
	return done
}

// run syncs group after group until nobody waits. Each group's files were
// all written before the sync started, so one flush covers them; the files
// stay open (their owners wait), so any of them can name the file system.
func (g *GroupSync) run() {
	for {
		g.waitForGap()
		g.mu.Lock()
		group := g.waiting
		g.waiting = nil
		if len(group) == 0 {
			g.busy = false
			g.mu.Unlock()
			return
		}
		g.lastStart = time.Now()
		g.mu.Unlock()
		byFS := groupByFileSystem(group)
		flush := g.Flush
		if flush == nil {
			flush = syncFS
		}
		for _, ws := range byFS {
			err := flush(ws[0].f)
			for _, w := range ws {
				w.done <- err
			}
		}
	}
}

// waitForGap waits until the next flush may start, looking again each
// time a file asks. One timer serves every look: a busy batch wakes the
// flusher once per file.
func (g *GroupSync) waitForGap() {
	var t *time.Timer
	for {
		wait := g.untilNextFlush()
		if wait <= 0 {
			return
		}
		if t == nil {
			t = time.NewTimer(wait)
			defer t.Stop()
		} else {
			t.Reset(wait)
		}
		select {
		case <-t.C:
			return
		case <-g.arrived:
		}
	}
}

// untilNextFlush says how long the next flush waits for more files to
// share it: the rest of the gap, or nothing when no other file can come.
func (g *GroupSync) untilNextFlush() time.Duration {
	gap := g.gap
	if gap == 0 {
		gap = syncGap
	}
	g.mu.Lock()
	wait, waiting := time.Until(g.lastStart.Add(gap)), len(g.waiting)
	g.mu.Unlock()
	if wait > 0 && g.askers != nil && waiting >= g.askers() {
		return 0
	}
	return wait
}

// groupByFileSystem sorts the waiters by the file system holding their
// files. Files opened under one name (the files without a name made in a
// folder are named after it, see CreateUnnamedOS) are on one file system,
// so it is asked once per name, not once per file.
func groupByFileSystem(group []syncWaiter) map[uint64][]syncWaiter {
	byFS := map[uint64][]syncWaiter{}
	byName := map[string]uint64{}
	for _, w := range group {
		id, ok := byName[w.f.Name()]
		if !ok {
			id = fileSystemOf(w.f)
			byName[w.f.Name()] = id
		}
		byFS[id] = append(byFS[id], w)
	}
	return byFS
}
