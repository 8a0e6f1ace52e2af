package downloader

import (
	"os"
	"sync"
)

// groupSync makes finished files durable in groups: every file that asks
// while a sync is under way waits for the next one, which then covers them
// all. Where the system can sync a whole file system at once (syncfs on
// Linux) that is one call for many files instead of one fsync each; 10,000
// small files then cost a few dozen disk flushes, not 10,000.
type groupSync struct {
	mu      sync.Mutex
	waiting []syncWaiter
	busy    bool
}

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
		group := g.waiting
		g.waiting = nil
		if len(group) == 0 {
			g.busy = false
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		byFS := map[uint64][]syncWaiter{}
		for _, w := range group {
			id := fileSystemOf(w.f)
			byFS[id] = append(byFS[id], w)
		}
		for _, ws := range byFS {
			err := syncFS(ws[0].f)
			for _, w := range ws {
				w.done <- err
			}
		}
	}
}
