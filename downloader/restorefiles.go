package downloader

import (
	"errors"
	"haul/downloader/disk"
	"haul/downloader/names"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
)

// Restoring looks at the folders with no lock held. The saved records come
// back restoreBatch at a time: their folders are read and their files
// looked at first (savedItem), then the Manager's lock is taken for the
// moment their items are made from what was found, and the files found to
// remove (staleFile) are removed once it is let go. So a slow disk holds up
// the restore, never the window reading the list meanwhile.

// restoreBatch is how many saved records are looked up on disk before
// their items are brought back under the Manager's lock.
const restoreBatch = 1000

// savedItem is one saved record on its way back: the record with its
// names checked (and made a rerun's when the list runs again), the state
// it starts from, its link, its folder, and what the folder holds of its
// files.
type savedItem struct {
	r      Record
	saved  State
	u      *url.URL
	key    string
	user   *url.Userinfo
	folder *savedFolder
	files  savedFiles
}

// savedFiles is what the folder holds of a saved item's files, as far as
// restoring it needs to know, looked at with no lock held.
type savedFiles struct {
	// final is the file under its final name, looked at for an item that
	// was under way.
	final disk.FileAt
	// linked says the temporary file is a second name of the final file:
	// the run stopped between linking it into place and removing it.
	linked bool
	// part is the item's own temporary file, when it is a regular file.
	part fs.FileInfo
}

// lookUpSaved reads what restoring r needs from the disk, with no lock
// held; ok is false for a record whose link cannot be downloaded.
func (d restoreLooks) lookUpSaved(r Record, present savedFolders, how Restoring) (b savedItem, ok bool) {
	u, reason := checkLink(r.URL)
	if reason != "" {
		return savedItem{}, false
	}
	key, user := linkKey(r.URL, u)
	r = names.Checked(r)
	saved, known := ParseState(r.State)
	if !known {
		saved = Queued
	}
	if how == AsRerun {
		var next State
		r, next = rerunRecord(r, saved, present.of(r.Dir).names)
		saved = startState(saved, next, rerunning)
	}
	folder := present.of(r.Dir)
	return savedItem{r: r, saved: saved, u: u, key: key, user: user, folder: folder,
		files: d.savedFiles(r, saved, folder)}, true
}

// savedFiles looks at the files a record in the state saved names in
// folder: only those that restoring it asks about, and only when the
// folder lists them.
func (d restoreLooks) savedFiles(r Record, saved State, folder *savedFolder) (f savedFiles) {
	interrupted := saved == Active || saved == Waiting
	there := r.Name != "" && folder.names[r.Name]
	hasPart := r.Name != "" && folder.names[r.Name+".part"]
	if !hasPart && !(there && interrupted) {
		return f // nothing to look at, as for most items
	}
	final := filepath.Join(folder.dir, r.Name)
	switch {
	case there && interrupted:
		f.linked, f.final = d.interruptedFile(final, hasPart)
	case there && saved == Done && !r.OwnsPart:
		f.linked = d.sameFile(final, final+".part")
	}
	if r.OwnsPart && hasPart {
		f.part = d.ownPart(final + ".part")
	}
	return f
}

// interruptedFile looks at the final file of an item that was under way,
// and says whether its temporary file, when the folder lists one
// (hasPart), is a second name of it. A temporary file that is another
// file leaves the final file unlooked at: the item is queued again.
func (d restoreLooks) interruptedFile(final string, hasPart bool) (linked bool, there disk.FileAt) {
	linked = hasPart && d.sameFile(final, final+".part")
	if hasPart && !linked {
		return false, disk.FileAt{}
	}
	return linked, d.Look(final)
}

// ownPart is the item's temporary file at part when it is a regular
// file, nil otherwise.
func (d restoreLooks) ownPart(part string) fs.FileInfo {
	fi, err := d.Lstat(part)
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	return fi
}

// sameFile says the two paths name one file: a part file linked to its
// final name by a run that stopped before it removed the part's name.
func (d restoreLooks) sameFile(a, b string) bool {
	fa, errA := d.Lstat(a)
	fb, errB := d.Lstat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// staleFile is a file restoring found to remove: a second name of a saved
// file, or the temporary file of a canceled item (owned), which stays the
// item's when it cannot be removed, to be removed at the next start.
type staleFile struct {
	it    *item
	path  string
	owned bool
}

// removeStale removes the files restoring found to remove, with no lock
// held, one at a time while no file is created. A canceled item's
// temporary file that cannot be removed is the item's again, unless the
// item changed meanwhile.
func (s *SavedList) removeStale(stale []staleFile) {
	m := s.m
	var kept []staleFile
	for _, f := range stale {
		if err := m.disk.Remove(f.path); f.owned && err != nil && !errors.Is(err, fs.ErrNotExist) {
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, f := range kept {
		it := f.it
		if m.store.byID[it.id] == it && it.state == Canceled && !it.ownsPart && it.partPath() == f.path {
			it.ownsPart = true
			m.markDirtyLocked(it)
		}
	}
}

// restoreLooks looks at the files of saved records on the disk.
type restoreLooks struct{ *disk.Disk }
