package items

import (
	"context"
	"net/http"

	"haul/downloader/disk"
	"haul/downloader/itemstate"
	"haul/downloader/names"
	"haul/downloader/ranges"
	"haul/downloader/rules"
	"haul/downloader/sniff"
)

// Tried is the item of one try, as the try sees it: its Item and Pictures
// ports (package try). Each method takes the store's lock for the moment
// it changes the item, but Progress, which counts bytes with atomics.
type Tried struct {
	s      *Store
	it     *Item
	ctx    context.Context
	cancel context.CancelCauseFunc
}

// End ends the try's context, once the try is over and applied.
func (t *Tried) End() { t.cancel(nil) }

// Context is the context the try runs in: it ends when the user pauses or
// cancels the item, or the run stops.
func (t *Tried) Context() context.Context { return t.ctx }

// Site is the key of the item's site (host:port).
func (t *Tried) Site() string { return t.it.host }

// NoteStatus records the status of the answer.
func (t *Tried) NoteStatus(code int) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.status = int32(code)
	s.feed.touch(it)
}

// NoteResponse records the validators, sizes and real format of an
// answer about to be saved.
func (t *Tried) NoteResponse(resp *http.Response, offset, total int64, format sniff.Format) {
	s, it := t.s, t.it
	s.mu.Lock()
	if format.MIME != "" {
		it.mime, it.isImage, it.width, it.height = format.MIME, format.IsImage, int32(format.Width), int32(format.Height)
	}
	if resp.StatusCode == http.StatusOK {
		it.etag = resp.Header.Get("ETag")
		it.modified = resp.Header.Get("Last-Modified")
	}
	it.total.Store(total)
	if total < 0 && !(disk.Tag{ETag: it.etag, Modified: it.modified}).HasVersion() {
		it.journalNow = true // nothing would tell its saved file again
	}
	s.markDirty(it)
	s.mu.Unlock()
	it.bytes.Store(offset)
	it.speed.reset(s.cfg.Now(), offset)
}

// NoteDimensions records a picture's pixel size.
func (t *Tried) NoteDimensions(width, height int) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.width, it.height = int32(width), int32(height)
	s.feed.touch(it)
}

// Progress counts n more bytes written.
func (t *Tried) Progress(n int) {
	s, it := t.s, t.it
	total := it.bytes.Add(int64(n))
	s.received.Add(int64(n))
	it.speed.record(s.cfg.Now(), total)
}

// OwnPart notes that the temporary file is the item's, and says whether
// that must reach the journal now.
func (t *Tried) OwnPart(journalFailed bool) bool {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	unwritten := !it.ownsPart || journalFailed && it.dirty
	it.ownsPart = true
	if unwritten {
		s.markDirty(it)
	}
	return unwritten
}

// Adopt makes a temporary file an earlier run left the item's; it
// returns the validator If-Range sends.
func (t *Tried) Adopt(name, etag, modified string) string {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.name, it.ownsPart, it.etag, it.modified = name, true, etag, modified
	s.markDirty(it)
	return it.validator()
}

// Claimed gives the item the name it claimed: one to skip for, as already
// in the folder (path), or its own.
func (t *Tried) Claimed(c names.Claim, path string) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.name = c.Name
	if c.Kind == names.Skip {
		it.path = path
		it.note = &Note{Kind: itemstate.NoteInFolder, Name: c.Name}
		s.feed.touch(it)
		return
	}
	it.journalNow = it.journalNow || c.Numbered // a later run looks under the wanted name first
	s.markDirty(it)
}

// Renamed gives the item a new name after a clash.
func (t *Tried) Renamed(name string) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.name = name
	it.journalNow = true
	s.markDirty(it)
}

// Name is the item's file name.
func (t *Tried) Name() string {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	return it.name
}

// ForgetName releases the item's name so the next try picks a new one.
func (t *Tried) ForgetName() {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cfg.Names.Release(it.dir, it.name, it.id)
	it.name, it.ownsPart = "", false
}

// Saved notes the item's file is in place under path.
func (t *Tried) Saved(path string) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.path, it.ownsPart = path, false
}

// SetHoles makes the item's missing spans the tracker's (nil: none).
func (t *Tried) SetHoles(tracker *ranges.Tracker) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	had := it.holes != nil
	it.holes = nil
	if tracker != nil {
		it.holes = tracker.Durable()
		it.bytes.Store(max(it.total.Load()-it.holes.Missing(), 0))
		it.speed.reset(s.cfg.Now(), it.bytes.Load())
	}
	it.splitting.Store(tracker)
	if had || tracker != nil {
		s.markDirty(it)
	}
}

// EndSplit keeps what a try fetching the file in parts left missing, for
// the next try and the record.
func (t *Tried) EndSplit(holes ranges.Holes) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.holes = holes
	it.splitting.Store(nil)
	s.markDirty(it)
}

// Checkpoint marks the item changed: the parts of its file reached a
// checkpoint, which its record then promises.
func (t *Tried) Checkpoint() {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	s.markDirty(it)
}

// OneConnection keeps the item's file to one connection from now on.
func (t *Tried) OneConnection() {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.oneConnection = true
}

// DropPart gives up the item's temporary file and returns its path.
func (t *Tried) DropPart() string {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	return it.dropPart()
}

// ReleaseSlot says the item no longer holds its download slot, and
// whether it held one.
func (t *Tried) ReleaseSlot() bool {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	held := it.holdsSlot
	it.holdsSlot = false
	return held
}

// History is what the rules need of the item's earlier tries.
func (t *Tried) History() rules.History {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	return it.history()
}

// Remembered is what the archive records of the saved file.
func (t *Tried) Remembered() (link, sum, page string) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	return it.raw, it.hash, it.referer
}

// Same records the picture's sha256 and, when the list holds an identical
// picture (saved, or being saved right now), marks the item the same as
// it and returns true. Whether a saved one's file is still there is looked
// at outside the lock.
func (t *Tried) Same(sum string, keepDuplicates bool) bool {
	p, it := &t.s.pictures, t.it
	for {
		owner, path := p.owner(it, sum, keepDuplicates)
		if path != "" {
			there := disk.Exists(path)
			if !p.confirm(it, owner, sum, path, there) {
				continue // it moved meanwhile: look again
			}
			if !there {
				owner = nil
			}
		}
		if owner == nil {
			return false
		}
		p.markSame(it, owner)
		return true
	}
}

// Disown forgets the item's picture hash when its file was not saved
// after all, so that no identical picture is skipped for it.
func (t *Tried) Disown() {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pictures.forget(it)
	it.hash = ""
}
