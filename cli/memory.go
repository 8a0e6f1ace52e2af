package cli

import (
	"os"
	"runtime/debug"
)

// smallBatch is the most links a run may hold for the collector to be
// given more room (roomyGC).
const smallBatch = 20_000

// roomyGC is how far, in percent of what it holds, the heap of a small
// batch grows before the collector runs again. Such a batch holds a few
// megabytes, which the default (100) scans again after every few
// megabytes allocated: with 10,000 small files that is a collection every
// few hundred files, about a twentieth of the CPU. Five times a small heap
// is still a few tens of megabytes, while a batch of 100,000 links keeps
// the default so that its peak stays where it was.
const roomyGC = 400

// giveCollectorRoom sets how often the collector runs for a batch of n
// links, unless the user set GOGC.
func giveCollectorRoom(n int) {
	if n <= smallBatch && os.Getenv("GOGC") == "" {
		debug.SetGCPercent(roomyGC)
	}
}
