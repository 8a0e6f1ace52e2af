package downloader

import (
	"os"
	"sync"
	"time"
)

// groupSync makes finished files durable in groups: every file that asks
// while a sync is under way waits for the next one, which then covers them
// all. Where the system can sync a whole file system at once (syncfs on
// Linux) that is one call for many files instead of one fsync each.
//
// Flushes start at most every syncGap: a file that asks right after a
// flush began waits for the rest of the gap, so that a busy batch shares a
// few hundred flushes a second at most instead of one for every two or
// three files, while a lone file is flushed at once. 10,000 small files
// then cost a few hundred flushes, not 10,000.
type groupSync struct {
	mu        sync.Mutex
	waiting   []syncWaiter
	busy      bool
	lastStart time.Time // when the last flush began
	// flush flushes the file system holding a file; nil means syncFS.
	flush func(*os.File) error
}

// syncGap is the least time between the starts of two flushes.
const syncGap = 5 * time.Millisecond

type syncWaiter struct {
	f    *os.File
	done chan error
}

// sync returns once f's data is on the disk.
func (g *groupSync) sync(f *os.File) error {
	if !canSyncFS {
		return f.Sync()
	}
	w := syncWaiter{f: f, done: make(chan error, 1)}
	g.mu.Lock()
	g.waiting = append(g.waiting, w)
	if !g.busy {
		g.busy = true
		go g.run()
	}
	g.mu.Unlock()
	return <-w.done
}

// run syncs group after group until nobody waits. Each group's files were
// all written before the sync started, so one flush covers them; the files
// stay open (their owners wait), so any of them can name the file system.
func (g *groupSync) run() {
	for {
		g.mu.Lock()
		wait := time.Until(g.lastStart.Add(syncGap))
		g.mu.Unlock()
		if wait > 0 {
			time.Sleep(wait)
		}
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
		byFS := map[uint64][]syncWaiter{}
		for _, w := range group {
			id := fileSystemOf(w.f)
			byFS[id] = append(byFS[id], w)
		}
		flush := g.flush
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
