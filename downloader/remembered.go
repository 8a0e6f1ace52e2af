package downloader

import (
	"encoding/hex"

	"haul/downloader/transfer"
)

// Archive is a download archive: what was saved into each output folder
// before, by link (in canonical form, see CanonicalLink) and by picture
// (the sha256 of its bytes, in hex). Package archive keeps one. The engine
// asks it before each download and after a picture's bytes are in, and
// tells it each file saved; its methods are called from the workers, with
// no lock held, and must be safe for concurrent use.
type Archive interface {
	// HasLink says link was saved into folder dir before.
	HasLink(dir, link string) bool
	// HasPicture says a picture of this sha256 was saved into folder dir before.
	HasPicture(dir, sum string) bool
	// Remember records a file saved into folder dir from link, with its
	// sha256 when it is a picture ("" otherwise) and the page it was found on.
	Remember(dir, link, sum, page string) error
}

// savedBefore is the note of an item the archive holds.
var savedBefore = &Note{Kind: NoteSavedBefore}

// remembered is the engine's side of the download archive; with no
// archive it knows nothing and records nothing.
type remembered struct{ a Archive }

// hasLink says the archive holds link for folder dir.
func (r remembered) hasLink(dir, link string) bool {
	return r.a != nil && r.a.HasLink(dir, link)
}

// pictureSavedBefore says the picture the try brought whole is one the
// folder's archive holds; its bytes are then dropped and its name given
// back, and the item is skipped.
func (t *try) pictureSavedBefore(r transfer.Result) bool {
	a := t.m.archive.a
	if a == nil || t.hash == nil || r.Ending != transfer.Complete || !a.HasPicture(t.j.dir, hex.EncodeToString(t.hash.Sum(nil))) {
		return false
	}
	if r.File != nil {
		r.File.Close()
	}
	t.m.mu.Lock()
	part := t.it.dropPart()
	t.m.mu.Unlock()
	if part != "" {
		t.m.disk.Remove(part) // one left behind is a temporary file with Haul's note, found by a later run
	}
	t.forgetName()
	return true
}

// remember records the file the try saved in the folder's archive. A
// failure to record costs only a download again later.
func (t *try) remember() {
	a := t.m.archive.a
	if a == nil {
		return
	}
	t.m.mu.Lock()
	link, sum, page := t.it.raw, t.it.hash, t.it.referer
	t.m.mu.Unlock()
	_ = a.Remember(t.j.dir, link, sum, page)
}
