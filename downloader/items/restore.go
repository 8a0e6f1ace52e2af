package items

import (
	"errors"
	"io/fs"
	"iter"
	"net/url"
	"os"
	"path/filepath"

	"haul/downloader/disk"
	"haul/downloader/itemstate"
	"haul/downloader/links"
	"haul/downloader/names"
)

// Restoring says how items saved earlier come back.
type Restoring int

const (
	// AsSaved brings items back in the states they were saved in.
	AsSaved Restoring = iota
	// AsRerun brings them back for a run of the same list again (haul
	// get): a file saved earlier and still in its folder is skipped
	// without a request, one saved but since deleted is downloaded again
	// from scratch, and a failed or canceled item gets a fresh set of
	// tries, resuming its temporary file.
	AsRerun
)

// Restoring looks at the folders with no lock held. The saved records come
// back RestoreBatch at a time: their folders are read and their files
// looked at first (savedItem), then the store's lock is taken for the
// moment their items are made from what was found, and the files found to
// remove (staleFile) are removed once it is let go. So a slow disk holds up
// the restore, never the window reading the list meanwhile.

// RestoreBatch is how many saved records are looked up on disk before
// their items are brought back under the store's lock.
const RestoreBatch = 1000

// Restore brings back the items saved earlier, read one at a time (as
// queue.Store.Each reads them, so that 100,000 of them are never held at
// once), as how says. Done items whose file is gone become Failed with a
// note; items that were under way are queued again and resume from their
// temporary files; leftover temporary files of canceled items are
// removed. Records whose link is already in the list are ignored.
func (s *Store) Restore(recs iter.Seq[Record], how Restoring) []ID {
	r := restorer{s: s, how: how, present: savedFolders{}}
	batch := make([]savedItem, 0, RestoreBatch)
	var ids []ID
	for rec := range recs {
		if b, ok := r.lookUpSaved(rec); ok {
			batch = append(batch, b)
		}
		if len(batch) == RestoreBatch {
			ids = r.bringBack(batch, ids)
			batch = batch[:0]
		}
	}
	return r.bringBack(batch, ids)
}

// restorer is one restore of saved records into the list: how they come
// back, and the folders read so far.
type restorer struct {
	s       *Store
	how     Restoring
	present savedFolders
}

// bringBack makes items of the records looked up in batch, under the
// store's lock, appends their IDs to ids, and then removes the files
// they left to remove.
func (r restorer) bringBack(batch []savedItem, ids []ID) []ID {
	s := r.s
	var stale []staleFile
	s.mu.Lock()
	before := len(ids)
	for i := range batch {
		b := &batch[i]
		s.secrets.keep(b.key, b.user) // from a queue saved before passwords were left out of it
		if _, dup := s.byURL[b.key]; dup {
			continue
		}
		it := s.newItem(b.key, s.main.lines.keyOf(b.u), s.main)
		found, gone := r.restoreItem(it, b)
		s.insert(it)
		if found {
			s.markDirty(it) // the journal learns it is saved, and the next run skips it
		}
		if it.state == Queued {
			s.main.lines.enqueue(it)
		}
		if gone.path != "" {
			stale = append(stale, gone)
		}
		ids = append(ids, it.id)
	}
	if len(ids) > before {
		s.notifyLocked()
	}
	s.mu.Unlock()
	r.removeStale(stale)
	return ids
}

// savedFolders lists each output folder once, when a record first names
// it, so that restoring 100,000 items costs a few directory reads instead
// of 100,000 file lookups, and the items of one folder share its name.
type savedFolders map[string]*savedFolder

// savedFolder is one output folder and the names in it.
type savedFolder struct {
	dir   string
	names map[string]bool
}

func (f savedFolders) of(dir string) *savedFolder {
	if sf := f[dir]; sf != nil {
		return sf
	}
	sf := &savedFolder{dir: dir, names: map[string]bool{}}
	if dir != "" {
		entries, _ := os.ReadDir(dir) // a missing folder has no files
		for _, e := range entries {
			sf.names[e.Name()] = true
		}
	}
	f[dir] = sf
	return sf
}

// restoreItem brings back one item from its record and what its folder
// holds (b.files): a saved file that is gone fails, a temporary file is
// resumed from its size. found says the item was downloading and its file
// turned out saved, which the journal does not know yet; gone is a file to
// remove once the lock is let go. Each change of the saved state goes
// through the state table; a state this version cannot read starts Queued.
// The store's lock is held.
func (r restorer) restoreItem(it *Item, b *savedItem) (found bool, gone staleFile) {
	it.fromRecord(b.r)
	it.dir = b.folder.dir
	inFolder := b.folder.names
	st := b.saved
	switch b.saved {
	case Active, Waiting:
		st = restoreInterrupted(it, inFolder, b.files)
		found = st == Done
	case Done, Skipped:
		st = r.restoreSaved(it, b.saved, inFolder)
	}
	if b.files.linked && st == Done {
		gone = staleFile{it: it, path: it.partPath()} // the second name of the saved file
	}
	st = startState(b.saved, st, restoring)
	if part := it.restorePart(b.files.part, st == Canceled); part != "" {
		gone = staleFile{it: it, path: part, owned: true}
	}
	it.state = st
	return found, gone
}

// rerunRecord is what a saved record becomes when the same list is run
// again (AsRerun), and the state it then starts from.
func rerunRecord(r Record, saved State, inFolder map[string]bool) (Record, State) {
	switch saved {
	case Done:
		if r.Name == "" || !inFolder[r.Name] {
			return Record{URL: r.URL, State: Queued.String()}, Queued
		}
		r.State = Skipped.String()
		r.Note = Note{Kind: itemstate.NoteSavedEarlier, Name: r.Name}
		return r, Skipped
	case Failed, Canceled:
		r.State = Queued.String()
		r.Failure, r.LegacyErrKind, r.LegacyError = nil, itemstate.ErrNone, ""
		return r, Queued
	}
	return r, saved
}

// restoreInterrupted brings back an item that was downloading when
// Haul stopped. Its file may already be under its final name: Haul was
// stopped after moving it into place and before noting it saved. The file
// is known by the note on it (the link, set when it was created) and, where
// the size was announced, its size; the item is then Done, not downloaded
// again under a numbered name, and a temporary file that is the same file
// (Haul stopped between linking it to its final name and removing the
// temporary name) is to be removed. Anything else is queued again.
func restoreInterrupted(it *Item, inFolder map[string]bool, files savedFiles) State {
	if it.name == "" || !inFolder[it.name] {
		return Queued
	}
	if inFolder[it.name+".part"] && !files.linked {
		return Queued
	}
	there := files.final
	if !there.SavedFor(it.raw) || it.total.Load() > 0 && there.Info.Size() != it.total.Load() {
		return Queued
	}
	fi := there.Info
	it.path, it.ownsPart = filepath.Join(it.dir, it.name), false
	it.total.Store(fi.Size())
	it.bytes.Store(fi.Size())
	if it.finished.IsZero() {
		it.finished = fi.ModTime()
	}
	return Done
}

// restoreSaved checks that a saved item's file is still in the folder; a
// saved file that is gone makes the item Failed, ready to retry. A
// temporary name left on a saved file (see disk.CommitFile) is removed by
// the caller.
func (r restorer) restoreSaved(it *Item, st State, inFolder map[string]bool) State {
	if it.name == "" || !inFolder[it.name] {
		if st == Done {
			it.err = &ItemError{Kind: itemstate.ErrDisk, Reason: itemstate.ReasonFileGone}
			return Failed
		}
		return st
	}
	it.path = filepath.Join(it.dir, it.name)
	it.bytes.Store(max(it.total.Load(), 0))
	if st == Done && it.hash != "" {
		r.s.pictures.byHash[it.hash] = it
	}
	return st
}

// restorePart takes up the item's temporary file, part, when it is still
// there as a regular file (nil otherwise): the download resumes from its
// size. A canceled item gives its temporary file up: restorePart returns
// its path, to be removed.
func (it *Item) restorePart(part fs.FileInfo, canceled bool) (drop string) {
	if !it.ownsPart || part == nil {
		it.ownsPart, it.holes = false, nil
		return ""
	}
	it.bytes.Store(part.Size())
	if it.holes != nil {
		it.bytes.Store(max(it.total.Load()-it.holes.Missing(), 0))
	}
	it.reached = it.bytes.Load()
	if canceled {
		return it.dropPart()
	}
	return ""
}

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
func (rs restorer) lookUpSaved(r Record) (b savedItem, ok bool) {
	u, reason := links.Check(r.URL)
	if reason != "" {
		return savedItem{}, false
	}
	key, user := links.Key(r.URL, u)
	r = names.Checked(r)
	saved, known := itemstate.ParseState(r.State)
	if !known {
		saved = Queued
	}
	if rs.how == AsRerun {
		var next State
		r, next = rerunRecord(r, saved, rs.present.of(r.Dir).names)
		saved = startState(saved, next, rerunning)
	}
	folder := rs.present.of(r.Dir)
	return savedItem{r: r, saved: saved, u: u, key: key, user: user, folder: folder,
		files: rs.savedFiles(r, saved, folder)}, true
}

// savedFiles looks at the files a record in the state saved names in
// folder: only those that restoring it asks about, and only when the
// folder lists them.
func (rs restorer) savedFiles(r Record, saved State, folder *savedFolder) (f savedFiles) {
	d := rs.s.cfg.Disk
	interrupted := saved == Active || saved == Waiting
	there := r.Name != "" && folder.names[r.Name]
	hasPart := r.Name != "" && folder.names[r.Name+".part"]
	if !hasPart && !(there && interrupted) {
		return f // nothing to look at, as for most items
	}
	final := filepath.Join(folder.dir, r.Name)
	switch {
	case there && interrupted:
		f.linked, f.final = interruptedFile(d, final, hasPart)
	case there && saved == Done && !r.OwnsPart:
		f.linked = sameFile(d, final, final+".part")
	}
	if r.OwnsPart && hasPart {
		f.part = ownPart(d, final+".part")
	}
	return f
}

// interruptedFile looks at the final file of an item that was under way,
// and says whether its temporary file, when the folder lists one
// (hasPart), is a second name of it. A temporary file that is another
// file leaves the final file unlooked at: the item is queued again.
func interruptedFile(d *disk.Disk, final string, hasPart bool) (linked bool, there disk.FileAt) {
	linked = hasPart && sameFile(d, final, final+".part")
	if hasPart && !linked {
		return false, disk.FileAt{}
	}
	return linked, d.Look(final)
}

// ownPart is the item's temporary file at part when it is a regular
// file, nil otherwise.
func ownPart(d *disk.Disk, part string) fs.FileInfo {
	fi, err := d.Lstat(part)
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	return fi
}

// sameFile says the two paths name one file: a temporary file linked to
// its final name by a run that stopped before it removed the temporary
// name.
func sameFile(d *disk.Disk, a, b string) bool {
	fa, errA := d.Lstat(a)
	fb, errB := d.Lstat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// staleFile is a file restoring found to remove: a second name of a saved
// file, or the temporary file of a canceled item (owned), which stays the
// item's when it cannot be removed, to be removed at the next start.
type staleFile struct {
	it    *Item
	path  string
	owned bool
}

// removeStale removes the files restoring found to remove, with no lock
// held, one at a time while no file is created. A canceled item's
// temporary file that cannot be removed is the item's again, unless the
// item changed meanwhile.
func (r restorer) removeStale(stale []staleFile) {
	s := r.s
	var kept []staleFile
	for _, f := range stale {
		if err := s.cfg.Disk.Remove(f.path); f.owned && err != nil && !errors.Is(err, fs.ErrNotExist) {
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range kept {
		it := f.it
		if s.byID[it.id] == it && it.state == Canceled && !it.ownsPart && it.partPath() == f.path {
			it.ownsPart = true
			s.markDirty(it)
		}
	}
}
