package downloader

import (
	"encoding/hex"

	"haul/downloader/rules"
	"haul/downloader/transfer"
)

// Archive is a download archive: what was saved into each output folder
// before, by link (in canonical form, see CanonicalLink) and by picture
// (the sha256 of its bytes, in hex). Package archive keeps one. The engine
// asks it before each download and after a picture's bytes are in, and
// tells it each file saved; its methods are called from the workers, with
// no lock held, and must be safe for concurrent use. An archive that
// cannot be read answers with an error: the item then fails
// (ReasonArchiveUnreadable) rather than bring back a file the user
// deleted.
type Archive interface {
	// HasLink says link was saved into folder dir before.
	HasLink(dir, link string) (bool, error)
	// HasPicture says a picture of this sha256 was saved into folder dir before.
	HasPicture(dir, sum string) (bool, error)
	// Remember records a file saved into folder dir from link, with its
	// sha256 when it is a picture ("" otherwise) and the page it was found on.
	Remember(dir, link, sum, page string) error
}

// savedBefore is the note of an item the archive holds.
var savedBefore = &Note{Kind: NoteSavedBefore}

// remembered is the engine's side of the download archive; with no
// archive it knows nothing and records nothing.
type remembered struct{ a Archive }

// heldBefore is the outcome of a try the archive answered before the
// download: skipped when it holds the link; failed when it cannot be read.
func (r remembered) heldBefore(dir, link string) (outcome, bool) {
	if r.a == nil {
		return outcome{}, false
	}
	held, err := r.a.HasLink(dir, link)
	return archived(held, err, dir)
}

// archived turns the answer of folder dir's archive into the try's
// outcome, and says whether it ends the try.
func archived(held bool, err error, dir string) (outcome, bool) {
	if err != nil {
		return outcome{verdict: rules.ArchiveVerdict(err, dir)}, true
	}
	return outcome{skipped: true, note: savedBefore}, held
}

// pictureSavedBefore says the picture the try brought whole is one the
// folder's archive holds, or may hold as it cannot be read; its bytes are
// then dropped and its name given back, and the item is skipped or fails.
func (t *try) pictureSavedBefore(r transfer.Result) (outcome, bool) {
	a := t.m.archive.a
	if a == nil || t.hash == nil || r.Ending != transfer.Complete {
		return outcome{}, false
	}
	held, err := a.HasPicture(t.j.dir, hex.EncodeToString(t.hash.Sum(nil)))
	out, ends := archived(held, err, t.j.dir)
	if !ends {
		return outcome{}, false
	}
	if r.File != nil {
		r.File.Close()
	}
	t.m.mu.Lock()
	part := t.it.dropPart()
	t.m.mu.Unlock()
	if part != "" {
		t.m.disk.remove(part) // one left behind is a temporary file with Haul's note, found by a later run
	}
	nameClaim{t.m, t.it}.forgetName()
	return out, true
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
