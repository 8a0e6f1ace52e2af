package try

import (
	"net/http"
	"net/url"

	"haul/downloader/disk"
	"haul/downloader/names"
	"haul/downloader/network"
	"haul/downloader/ranges"
	"haul/downloader/rules"
	"haul/downloader/sniff"
	"haul/downloader/throttle"
	"haul/downloader/transfer"
)

// Ports are the parts a try works with, each through the small interface
// it needs; the parts implement them (package items the item and the
// pictures, names the namer, journal the journal, sites the site, archive
// the archive). Disk is the disk part itself.
type Ports struct {
	Item     Item
	Pictures Pictures
	Names    Names
	Journal  Journal
	Site     Site
	Network  Network
	// Archive is the download archive; nil when none is kept.
	Archive Archive
	Disk    *disk.Disk
}

// Item is the state of the item the try is for: what the try learns of
// its file is written there, under the items' lock, and reaches the
// journal from there.
type Item interface {
	// NoteStatus records the status of the answer.
	NoteStatus(code int)
	// NoteResponse records what an answer about to be saved says of the
	// file: its validators (of a 200), its size and its real format, and
	// the bytes already on disk (offset).
	NoteResponse(resp *http.Response, offset, total int64, format sniff.Format)
	// NoteDimensions records a picture's pixel size.
	NoteDimensions(width, height int)
	// Progress counts n more bytes written.
	Progress(n int)
	// OwnPart notes that the temporary file is the item's; it says
	// whether that must reach the journal now: it was not noted before,
	// or an earlier write of it failed (journalFailed).
	OwnPart(journalFailed bool) bool
	// Adopt makes the temporary file an earlier run left under name the
	// item's, of the version etag and modified; it returns the validator
	// If-Range then sends.
	Adopt(name, etag, modified string) string
	// Claimed gives the item the name it claimed; path is its file's, when
	// the claim found it in the folder already (names.Skip).
	Claimed(c names.Claim, path string)
	// Renamed gives the item a new name after a clash: a later run looks
	// for it by the journal.
	Renamed(name string)
	// Name is the item's file name now.
	Name() string
	// ForgetName lets go of the item's name (the names part releases it),
	// so its next try claims another.
	ForgetName()
	// Saved notes the item's file is in place under path.
	Saved(path string)
	// SetHoles makes the item's missing spans the tracker's (nil: none).
	SetHoles(tracker *ranges.Tracker)
	// EndSplit keeps the spans a try fetching the file in parts left missing.
	EndSplit(holes ranges.Holes)
	// Checkpoint marks the item changed: its parts reached a checkpoint.
	Checkpoint()
	// Connections counts delta more connections fetching parts of the
	// file besides the try's own.
	Connections(delta int)
	// OneConnection keeps the item's file to one connection from now on.
	OneConnection()
	// DropPart gives up the item's temporary file and returns its path
	// ("" when it has none), for the try to remove.
	DropPart() string
	// ReleaseSlot says the item no longer holds its download slot; it
	// reports whether it held one.
	ReleaseSlot() bool
	// Ending is ReleaseSlot, at the end of the try, with what the rules
	// need of the item's earlier tries.
	Ending() (held bool, history rules.History)
	// Remembered is what the archive records of the saved file: its link,
	// its picture's sha256 and the page it was found on.
	Remembered() (link, sum, page string)
}

// Pictures finds identical pictures among those saved and being saved.
type Pictures interface {
	// Same records the item's picture's sha256; when an identical picture
	// is saved or being saved already, the item is marked the same as it
	// (its note and path) and Same returns true.
	Same(sum string, keepDuplicates bool) bool
	// Disown forgets the item's picture when its file was not saved.
	Disown()
}

// Names is the naming part.
type Names interface {
	Claim(w names.Want) names.Claim
	Reserve(dir, want string, n int, id names.ID) names.Reservation
	Release(dir, name string, id names.ID)
	MayHoldLeftovers(dir string) bool
	NotePart(dir string)
}

// Journal writes the items' changes down.
type Journal interface {
	// Flush writes the changes now, and waits for the disk when sync is set.
	Flush(sync bool) error
	// WriteSoon writes the changes now, without waiting.
	WriteSoon()
	// Failure is the last failure to write, nil when writing works.
	Failure() error
}

// Site is the item's site: it learns what the try brought, and gives the
// slots the extra connections of a file fetched in parts take.
type Site interface {
	transfer.Slots
	// Answered records the site answered.
	Answered()
	// Served says the site gave a file, or a page, since Haul started.
	Served() bool
	// PassOn gives back the try's slot once the answer is all in, and
	// tells the site's limits it succeeded.
	PassOn(a throttle.Answer)
	// End gives back the try's slot when held, tells the site's limits how
	// the try went unless a is nil, and returns their judgement.
	End(held bool, a *throttle.Answer) throttle.Judgement
}

// Network is the way to the sites.
type Network interface {
	ClientFor(page string) *http.Client
	// SendsCookies says a request for link made from page carries
	// cookies: the user's, or those its browser handed over.
	SendsCookies(page string, link *url.URL) bool
	SetHeaders(req *http.Request, page string, noPageReferer bool)
	SiteRule(host string) (network.SiteRule, bool)
}

// Archive is a download archive: what was saved into each output folder
// before, by link (in canonical form) and by picture (the sha256 of its
// bytes, in hex); package archive keeps one. A try asks it before its
// download and after a picture's bytes are in, and tells it each file
// saved, with no lock held: its methods must be safe for concurrent use.
// An archive that cannot be read answers with an error: the item then
// fails (ReasonArchiveUnreadable) rather than bring back a file the user
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
