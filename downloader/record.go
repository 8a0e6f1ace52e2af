package downloader

import (
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
)

func (it *item) record() Record {
	r := Record{URL: it.raw, Dir: it.dir, Name: it.name, State: it.state.String(), OwnsPart: it.ownsPart,
		ETag: it.etag, LastModified: it.modified, Attempts: int(it.attempts), Status: int(it.status),
		Note: it.noteValue(), Started: it.started, Finished: it.finished, Referer: it.referer, FromPage: it.fromPage,
		MIME: it.mime, IsImage: it.isImage, Width: int(it.width), Height: int(it.height), SHA256: it.hash}
	if t := it.total.Load(); t > 0 {
		r.Total = t
	} else if it.state == Done {
		r.Total = it.bytes.Load()
	}
	r.Failure = it.err
	r.Holes = it.savedHoles()
	r.Subdir, r.Pattern = it.subdir, it.pattern
	r.Place, r.Renamed = it.place, it.renamed
	r.Held = it.held && it.state == Paused
	r.Forgotten = it.forgotten
	return r
}

// SavedList is the list as the journal keeps it: it sets the journal
// the changes are written to, writes them (Flush), says when writing
// fails (SaveError), reads the list as records (Records), and brings back
// items saved earlier (Restore, RestoreFrom). It owns no lock: the
// journal is the journal writer's (journalWriter, with its own locks),
// and the items it reads and restores are guarded by the Manager's lock
// (Manager.mu), which its methods take.
type SavedList struct{ m *Manager }

// Saved is the list as the journal keeps it: the journal, and the items
// saved earlier.
func (m *Manager) Saved() *SavedList { return &m.saved }

// SetJournal makes the manager persist every change through j: batched
// every quarter second, at once before a partial file is created, and on Stop.
func (s *SavedList) SetJournal(j Journal) { s.m.journal.setJournal(j) }

// markDirtyLocked notes that the item changed and must be written to the journal.
func (m *Manager) markDirtyLocked(it *item) {
	m.store.touch(it)
	if it.dirty {
		return
	}
	it.dirty = true
	m.journal.changed(it)
}

// Flush writes pending changes to the journal and waits for the disk.
func (s *SavedList) Flush() error { return s.m.journal.flush(true) }

// unwrittenItems marks again the items a failed journal write carried,
// and the items of removed links that were added again since (written
// after their removal), and returns them.
func (s *SavedList) unwrittenItems(unwritten []*item, unremoved []string) []*item {
	m := s.m
	m.mu.Lock()
	defer m.mu.Unlock()
	var again []*item
	keep := func(it *item) {
		if it != nil && !it.dirty && m.store.byID[it.id] == it {
			it.dirty = true
			again = append(again, it)
		}
	}
	for _, it := range unwritten {
		keep(it)
	}
	for _, raw := range unremoved {
		keep(m.store.byURL[raw])
	}
	return again
}

// dirtyRecords takes the records of items still in the queue and marks them written.
func (s *SavedList) dirtyRecords(items []*item) []Record {
	m := s.m
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Record, 0, len(items))
	for _, it := range items {
		it.dirty = false
		if m.store.byID[it.id] == it {
			out = append(out, it.record())
		}
	}
	return out
}

// SaveError is the last failure to write the journal, nil when saving works.
func (s *SavedList) SaveError() error { return s.m.journal.failure() }

// Records returns every item as a Record, in queue order.
func (s *SavedList) Records() []Record {
	m := s.m
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Record, len(m.store.items))
	for i, it := range m.store.items {
		out[i] = it.record()
	}
	return out
}

// Restore brings back items saved earlier. Done items whose file is gone
// become Failed with a note; items that were under way are queued again and
// resume from their partial files; leftover partial files of canceled items
// are removed. Records whose URL is already queued are ignored. The folders
// are looked at with no lock held, so the list can be read meanwhile.
func (s *SavedList) Restore(recs []Record) []ID {
	return s.restore(slices.Values(recs), AsSaved)
}

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

// RestoreFrom is Restore for records read one at a time, as
// queue.Store.Each reads them, so that 100,000 of them are never held at
// once, brought back as how says.
func (s *SavedList) RestoreFrom(recs iter.Seq[Record], how Restoring) []ID {
	return s.restore(recs, how)
}

// restore brings the records back restoreBatch at a time: looked up on
// disk with no lock held, then made items under the Manager's lock, then
// the files found to remove removed with the lock let go.
func (s *SavedList) restore(recs iter.Seq[Record], how Restoring) []ID {
	present := savedFolders{}
	batch := make([]savedItem, 0, restoreBatch)
	var ids []ID
	for r := range recs {
		if b, ok := (restoreLooks{s.m.disk}).lookUpSaved(r, present, how); ok {
			batch = append(batch, b)
		}
		if len(batch) == restoreBatch {
			ids = s.bringBack(batch, ids)
			batch = batch[:0]
		}
	}
	return s.bringBack(batch, ids)
}

// bringBack makes items of the records looked up in batch, under the
// Manager's lock, appends their IDs to ids, and then removes the files
// they left to remove.
func (s *SavedList) bringBack(batch []savedItem, ids []ID) []ID {
	m := s.m
	var stale []staleFile
	m.mu.Lock()
	before := len(ids)
	for i := range batch {
		b := &batch[i]
		m.secrets.keep(b.key, b.user) // from a queue saved before passwords were left out of it
		if _, dup := m.store.byURL[b.key]; dup {
			continue
		}
		it := m.store.newItem(b.key, m.queues.keyOf(b.u))
		found, gone := s.restoreItem(it, b)
		m.insertLocked(it)
		if found {
			m.markDirtyLocked(it) // the journal learns it is saved, and the next run skips it
		}
		if it.state == Queued {
			m.queues.enqueue(it)
		}
		if gone.path != "" {
			stale = append(stale, gone)
		}
		ids = append(ids, it.id)
	}
	if len(ids) > before {
		m.notifyLocked()
	}
	m.mu.Unlock()
	s.removeStale(stale)
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
// holds (b.files): a saved file that is gone fails, a partial file is
// resumed from its size. found says the item was downloading and its file
// turned out saved, which the journal does not know yet; gone is a file to
// remove once the lock is let go. Each change of the saved state goes
// through the state table; a state this version cannot read starts Queued.
// Manager.mu is held.
func (s *SavedList) restoreItem(it *item, b *savedItem) (found bool, gone staleFile) {
	it.fromRecord(b.r)
	it.dir = b.folder.dir
	inFolder := b.folder.names
	st := b.saved
	switch b.saved {
	case Active, Waiting:
		st = s.restoreInterrupted(it, inFolder, b.files)
		found = st == Done
	case Done, Skipped:
		st = s.restoreSaved(it, b.saved, inFolder)
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

// startState is next when the table lets a restored item move there from
// its saved state at the moment when; a refused move leaves it Queued, to
// be downloaded again.
func startState(saved, next State, when moment) State {
	if checkMove(saved, next, when) != nil {
		return Queued
	}
	return next
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
		r.Note = Note{Kind: NoteSavedEarlier, Name: r.Name}
		return r, Skipped
	case Failed, Canceled:
		r.State = Queued.String()
		r.Failure, r.LegacyErrKind, r.LegacyError = nil, ErrNone, ""
		return r, Queued
	}
	return r, saved
}

// restoreInterrupted brings back an item that was downloading when
// Haul stopped. Its file may already be under its final name: Haul was
// stopped after moving it into place and before noting it saved. The file
// is known by the note on it (the link, set when it was created) and, where
// the size was announced, its size; the item is then Done, not downloaded
// again under a numbered name, and a part file that is the same file (Haul
// stopped between linking it to its final name and removing the part's
// name) is to be removed. Anything else is queued again.
func (s *SavedList) restoreInterrupted(it *item, inFolder map[string]bool, files savedFiles) State {
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

// fromRecord copies a record's fields into a new item.
func (it *item) fromRecord(r Record) {
	it.dir, it.name, it.ownsPart = r.Dir, r.Name, r.OwnsPart && r.Name != ""
	it.etag, it.modified = r.ETag, r.LastModified
	it.attempts, it.status = int32(r.Attempts), int32(r.Status)
	if note := r.SavedNote(); !note.IsZero() {
		it.note = &note
	}
	it.started, it.finished = r.Started, r.Finished
	it.referer, it.fromPage = r.Referer, r.FromPage
	it.subdir, it.pattern = r.Subdir, r.Pattern
	it.place, it.renamed = r.Place, r.Renamed
	it.held = r.Held && r.State == Paused.String()
	it.forgotten = r.Forgotten && (r.State == Done.String() || r.State == Skipped.String())
	it.mime, it.isImage, it.width, it.height, it.hash = r.MIME, r.IsImage, int32(r.Width), int32(r.Height), r.SHA256
	it.err = r.SavedFailure()
	if r.Total > 0 {
		it.total.Store(r.Total)
	}
	it.holes = holesOf(r)
}

// restoreSaved checks that a saved item's file is still in the
// folder; a saved file that is gone makes the item Failed, ready to retry.
// A temporary name left on a saved file (see disk.CommitFile) is removed by the
// caller.
func (s *SavedList) restoreSaved(it *item, st State, inFolder map[string]bool) State {
	m := s.m
	if it.name == "" || !inFolder[it.name] {
		if st == Done {
			it.err = &ItemError{Kind: ErrDisk, Reason: ReasonFileGone}
			return Failed
		}
		return st
	}
	it.path = filepath.Join(it.dir, it.name)
	it.bytes.Store(max(it.total.Load(), 0))
	if st == Done && it.hash != "" {
		m.pictures.byHash[it.hash] = it
	}
	return st
}

// restorePart takes up the item's partial file, part, when it is still
// there as a regular file (nil otherwise): the download resumes from its
// size. A canceled item gives its partial file up: restorePart returns its
// path, to be removed.
func (it *item) restorePart(part fs.FileInfo, canceled bool) (drop string) {
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
