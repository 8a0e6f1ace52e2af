package downloader

import (
	"path/filepath"
	"sync"

	"haul/downloader/naming"
)

// queuedFiles are the files that the saved queue says are other links'
// (links saved earlier that this run was not given): a new link never
// takes one of them for its own file, or for a file to skip for, and
// takes the next free name instead. A file the queue does not know is
// only a file of that name, skipped for or written over as the policy
// says. Its mu is taken last.
type queuedFiles struct {
	mu    sync.Mutex
	owner map[folderName]string // the file's folder and name → the canonical link it is saved for
}

// note records the file the record r says is its link's: its saved
// file, or its temporary file's name while it is under way.
func (q *queuedFiles) note(r Record) {
	if r.Name == "" || r.Dir == "" || naming.Sanitize(r.Name) != r.Name {
		return
	}
	st, ok := ParseState(r.State)
	if !ok || st != Done && !r.OwnsPart {
		return
	}
	key, ok := CanonicalLink(r.URL)
	dir, err := filepath.Abs(r.Dir)
	if !ok || err != nil {
		return
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.owner == nil {
		q.owner = map[folderName]string{}
	}
	q.owner[nameKey(dir, r.Name)] = key
}

// another says the queue holds the file name in dir as the file of a
// link other than link.
func (q *queuedFiles) another(dir, name, link string) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.owner) == 0 {
		return false
	}
	at, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	owner, ok := q.owner[nameKey(at, name)]
	return ok && owner != link
}

// NoteQueuedFile tells the manager that the saved queue holds r, a link
// this run was not given: the file it names is that link's, and no new
// link takes it for its own or skips for it (haul get reads the queue's
// other records with it).
func (m *Manager) NoteQueuedFile(r Record) { m.queued.note(r) }
