// Package names is the naming part of the engine: which item holds each
// file name in each folder, where numbering a wanted name goes on from
// after a clash, and the claims an item's try makes for its name
// (Names.Claim): what the folder holds under each candidate, looked at with
// no lock held, a file Haul saved there before for the same link, a
// temporary file an earlier run left, and the files the saved queue says
// are other links'. Its lock (Names.mu) guards the names held and the
// numbering; the folders' looks and the queue's files have locks of their
// own. It is taken after the items' lock when both are held, holds no
// other lock, and never waits for the disk. It never imports the engine.
package names

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"haul/downloader/disk"
	"haul/downloader/itemstate"
	"haul/downloader/links"
	"haul/downloader/naming"
	"haul/downloader/record"
)

// ID identifies the item that holds a name.
type ID = itemstate.ID

// Policy says what to do when the file an item would be saved as already exists.
type Policy int

// The choices for a file that already exists.
const (
	// SkipExisting leaves the existing file alone and marks the item Skipped.
	SkipExisting Policy = iota
	// KeepBoth saves the new file as "name (2).ext".
	KeepBoth
	// Overwrite replaces the existing file once the new one is complete.
	Overwrite
)

var policyNames = []string{"skip", "rename", "overwrite"}

// String returns the policy's flag value: skip, rename or overwrite.
func (p Policy) String() string {
	if p < 0 || int(p) >= len(policyNames) {
		return "skip"
	}
	return policyNames[p]
}

// ParsePolicy reads a policy from its flag value.
func ParsePolicy(s string) (Policy, bool) {
	for i, n := range policyNames {
		if n == s {
			return Policy(i), true
		}
	}
	if s == "keep-both" || s == "keep" {
		return KeepBoth, true
	}
	return SkipExisting, false
}

// Names is the naming part: the names items hold, the folders' looks
// (scans) and the files the saved queue names (queued).
type Names struct {
	mu   sync.Mutex
	held map[folderName]ID  // folder and folded file name → the item that holds it
	next map[folderName]int // folder and folded wanted name → the next number to try after a clash
	// gaveBack holds the folders in which a name was given back: a file
	// this run saved may be under a name no item holds.
	gaveBack map[string]bool

	scans  folderScans
	queued queuedFiles
	disk   *disk.Disk
	// listed says an item of the list has the link a file's note names.
	listed func(disk.Tag) bool
}

// New makes the naming part: d looks at the folders and removes what a
// claim finds to remove, listed says an item of the list has the link a
// note names.
func New(d *disk.Disk, listed func(disk.Tag) bool) *Names {
	return &Names{held: map[folderName]ID{}, next: map[folderName]int{}, gaveBack: map[string]bool{}, disk: d, listed: listed}
}

// folderName identifies a file name in a folder. It holds the item's own
// strings (the folder is shared by every item saved there), where one
// joined string per item would cost 100,000 allocations.
type folderName struct{ dir, name string }

// nameKey identifies a file name in a folder, the same for names that the
// file system may treat as one (case, Unicode forms).
func nameKey(dir, name string) folderName { return folderName{dir, naming.Fold(name)} }

// Reservation is the outcome of reserving a name.
type Reservation struct {
	Name  string // the name reserved
	Tried int    // the number tried
	OK    bool   // false: another item holds the name
	// fresh: no item held the name before, and no name was ever given
	// back in the folder, so no file this run saved is under it.
	fresh bool
}

// Reserve reserves candidate n of want in dir for the item id (want
// itself when n is 1; a numbered name from where the last claim of want
// in the folder stopped otherwise).
func (f *Names) Reserve(dir, want string, n int, id ID) Reservation {
	f.mu.Lock()
	defer f.mu.Unlock()
	name := want
	if n > 1 {
		stem := nameKey(dir, want)
		n = max(n, f.next[stem])
		f.next[stem] = n + 1
		name = naming.Numbered(want, n)
	}
	key := nameKey(dir, name)
	owner, taken := f.held[key]
	if taken && owner != id {
		return Reservation{Tried: n}
	}
	f.held[key] = id
	return Reservation{Name: name, Tried: n, OK: true, fresh: !taken && !f.gaveBack[dir]}
}

// Hold gives the name in dir to the item id.
func (f *Names) Hold(dir, name string, id ID) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.held[nameKey(dir, name)] = id
}

// Release gives back the name in dir when the item id holds it.
func (f *Names) Release(dir, name string, id ID) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if key := nameKey(dir, name); f.held[key] == id {
		delete(f.held, key)
		f.gaveBack[dir] = true
	}
}

// Renumber forgets where numbering went on from: the numbers freed by
// items taken off the list may be used again.
func (f *Names) Renumber() {
	f.mu.Lock()
	defer f.mu.Unlock()
	clear(f.next)
}

// Count is how many names are held.
func (f *Names) Count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.held)
}

// HeldBy is the item holding the name in dir, 0 when none does.
func (f *Names) HeldBy(dir, name string) ID {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.held[nameKey(dir, name)]
}

// Checked is r with the names it holds checked as names from a server
// are, since a queue file can be edited by hand: a file name that naming
// would not give (a path, "..", a character Windows refuses, a temporary
// file's name) is dropped with the claim on its temporary file, and a
// page's folder that is not one folder name, or not the last folder of
// the record's folder, is dropped with that folder. The item then takes
// a name and a folder as a new one does, inside the output folder.
func Checked(r record.Record) record.Record {
	if r.Subdir != "" && (naming.FolderName(r.Subdir) != r.Subdir || r.Dir != "" && filepath.Base(r.Dir) != r.Subdir) {
		r.Subdir, r.Dir, r.Name, r.OwnsPart = "", "", "", false
	}
	if r.Name != "" && (naming.Sanitize(r.Name) != r.Name || NotATempName(r.Name) != r.Name) {
		r.Name, r.OwnsPart = "", false
	}
	return r
}

// NotATempName keeps a server-chosen name out of the temporary files'
// names: "x.jpg.part" would be another item's part file, so it becomes
// "x.jpg.part_".
func NotATempName(name string) string {
	if strings.HasSuffix(naming.Fold(name), naming.Fold(".part")) {
		return name + "_"
	}
	return name
}

// Fit shortens a name whose path in dir would be too long for Explorer
// and most Windows programs (see naming.FitPath). Elsewhere, and in a
// folder whose full path cannot be told, the name stays as it is.
func Fit(dir, name string) string {
	if runtime.GOOS != "windows" {
		return name
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return name
	}
	return naming.FitPath(abs, name)
}

// Claiming a name costs the same however many items want it: after the
// wanted name itself, numbered names are tried from where the last claim
// of that name in that folder stopped (see Names), and the file system
// is asked with no lock held, one candidate at a time, after the
// candidate is reserved.

// Kind is what claiming a name found in the folder.
type Kind int

const (
	// Free: the name is the item's, with no file in the way.
	Free Kind = iota
	// Skip: a file of that name is there and the policy is to skip it.
	Skip
	// Leftover: a temporary file Haul left for this same link (its
	// queue was lost) is there, of another or an unknown version: it is
	// the item's now and is written again from byte 0.
	Leftover
	// Resume: that leftover holds bytes of the version now offered:
	// the item resumes from it.
	Resume
)

// Want is what an item's try asks a name for.
type Want struct {
	ID   ID
	Dir  string // the item's folder
	Link string // its link, in canonical form
	Name string // the name wanted
	// Offered is the version the server answers with, Total its length
	// (-1: unknown).
	Offered disk.Tag
	Total   int64
	Policy  Policy
}

// Claim is the name an item claimed and what the folder held under it.
type Claim struct {
	Name string
	Kind Kind
	// Numbered says the name is not the one wanted: a later run looks
	// under the wanted name first, so the item's saving is written to the
	// journal at once.
	Numbered bool
}

// Claim reserves a file name for an item, applying the existing-file
// policy. Names taken by other items in the queue, by temporary files
// that are not the item's, or by files Haul saved for other links in the
// queue, are never reused: the item gets "name (2).ext". A temporary file
// that Haul left for this same link (its queue was lost) becomes the
// item's again, to resume when it holds the version offered (see Kind),
// so no orphan is left beside "name (2).ext". A whole file Haul saved
// for this same link, by a run that stopped before its queue noted it (a
// crash, a power cut) or that kept no queue, is skipped as already in the
// folder under every policy but Overwrite, rather than saved twice; it is
// looked for first, under whichever number it got, so that links sharing
// a name each find their own file whatever order their answers come in.
func (f *Names) Claim(w Want) Claim {
	if name, n, ok := f.earlierName(w); ok {
		if r := f.Reserve(w.Dir, name, 1, w.ID); r.OK {
			if kind, ok := f.candidate(w, r, n > 1); ok {
				return Claim{Name: name, Kind: kind, Numbered: n > 1}
			}
		}
	}
	for n := 1; ; n++ {
		r := f.Reserve(w.Dir, w.Name, n, w.ID)
		n = r.Tried
		if !r.OK {
			continue
		}
		if kind, ok := f.candidate(w, r, n > 1); ok {
			return Claim{Name: r.Name, Kind: kind, Numbered: n > 1}
		}
	}
}

// candidate checks a reserved name against the folder; ok is false when
// the item must try the next name. numbered says the name is not the one
// wanted.
func (f *Names) candidate(w Want, r Reservation, numbered bool) (Kind, bool) {
	full := filepath.Join(w.Dir, r.Name)
	there := f.lookAtReserved(w.Dir, r, full)
	exists := there.Exists()
	passOver := f.passOver(w.Link, there, numbered) || f.queued.another(w.Dir, r.Name, w.Link)
	part, foreign := Free, false
	if f.scans.mayHoldParts(w.Dir) {
		part, foreign = leftoverAt(full+".part", w.Link, w.Offered)
	}
	if exists && part != Free && (w.Policy != Overwrite || passOver) {
		_ = f.disk.Remove(full + ".part") // Haul's own, for a file that is there already
		part = Free
	}
	saved := !passOver && w.Policy != Overwrite && savedEarlier(there, w.Link, w.Offered, w.Total)
	switch {
	case saved, exists && !passOver && w.Policy == SkipExisting:
		return Skip, true
	case passOver, exists && w.Policy == KeepBoth, foreign:
		f.Release(w.Dir, r.Name, w.ID)
		return 0, false
	}
	return part, true
}

// lookAtReserved reads what the folder holds under a name just reserved.
// It reads nothing when the folder held nothing when first looked at and
// the reservation is fresh: only something outside Haul could have made a
// file under that name since, and no file is ever placed over one
// (disk.LinkUnnamed, disk.CommitFile), so such a file is met when the
// item's own is placed and the item moves to the next free name. A batch
// saved into a new or empty folder then costs no look at the disk per
// file.
func (f *Names) lookAtReserved(dir string, r Reservation, full string) disk.FileAt {
	if r.fresh && f.scans.of(dir).empty {
		return disk.FileAt{}
	}
	return f.disk.Look(full)
}

// savedEarlier says whether the file there is a whole copy of link that
// Haul saved (SavedFor), of the version offered when both versions are
// known, and of the length announced when that is known. With neither to
// compare, nothing says the file is the one offered now, and it is not
// taken for it.
func savedEarlier(there disk.FileAt, link string, offered disk.Tag, total int64) bool {
	if !there.SavedFor(link) {
		return false
	}
	versions := there.Tag.HasVersion() && offered.HasVersion()
	switch {
	case versions && !there.Tag.SameVersion(offered):
		return false
	case total >= 0:
		return there.Info.Size() == total
	}
	return versions
}

// passOver says the file there, when there is one, sends the item of link
// claiming its name on to the next name under every policy, as neither the
// item's to skip for nor to write over: Haul saved it for another link in
// the queue, so it is that link's file (a file saved for a link not in the
// queue, a site that moved its files say, is only a file of that name,
// skipped for or written over as the policy says); or the name is a
// numbered one Haul picked (numbered) and the file is not this link's own,
// since only the name a link asks for can be "already in the folder"; or
// what is there is no file at all (InTheWay).
func (f *Names) passOver(link string, there disk.FileAt, numbered bool) bool {
	switch {
	case !there.Exists():
		return false
	case there.InTheWay():
		return true
	}
	own := there.Noted(link)
	if numbered && !own {
		return true
	}
	if !there.Tagged || own {
		return false
	}
	return f.listed(there.Tag)
}

// earlierName returns the numbered name of the file an earlier run saved
// in the item's folder for its link, and its number, when that name is
// made from the name wanted.
func (f *Names) earlierName(w Want) (string, int, bool) {
	name, ok := f.scans.savedBefore(w.Dir, w.Link)
	if !ok {
		return "", 0, false
	}
	n, ok := naming.NumberOf(name, w.Name)
	return name, n, ok
}

// leftoverAt says what the temporary file at path is to an item of link
// offered the version offered: absent (Free), or Haul's own for the link
// (Resume or Leftover). foreign says it is anything else, which is
// neither used nor removed.
func leftoverAt(path, link string, offered disk.Tag) (kind Kind, foreign bool) {
	if !disk.Exists(path) {
		return Free, false
	}
	tag, ok := disk.ReadTag(path)
	switch {
	case !ok || !tag.IsFor(link):
		return Free, true
	case tag.SameVersion(offered):
		return Resume, false
	}
	return Leftover, false
}

// MayHoldLeftovers says whether dir held a temporary file (name.part)
// when first looked at in this batch. Leftovers come from earlier runs,
// so a folder without one needs no look item by item; the temporary files
// of this run belong to their items.
func (f *Names) MayHoldLeftovers(dir string) bool { return f.scans.of(dir).parts }

// NotePart notes that dir holds a temporary file this run made, or one
// found in the way of a new one: the claims in it look for temporary
// files from now on.
func (f *Names) NotePart(dir string) { f.scans.of(dir).madeParts.Store(true) }

// BatchOver forgets what the folders held, once no item is downloading
// or waiting to: files put in a folder between batches (the user's own,
// say) are then seen by the next batch, which reads each folder again.
func (f *Names) BatchOver() { f.scans.byDir.Clear() }

// folderScans is what each output folder held when first looked at, the
// first time an item is saved there in a batch (see folderScan). It owns
// its map, safe for concurrent use, and takes no other lock.
type folderScans struct {
	byDir sync.Map // folder → *folderScan
}

// folderScan is one look through a folder: whether it held anything,
// whether it held temporary files, and the files Haul saved in it under
// numbered names ("name (2).ext"), by the link each was saved for. A file
// under the name its link wants is found by trying that name first; one
// under a number, only by this.
type folderScan struct {
	once sync.Once
	folderContents
	// madeParts says this run made a temporary file in the folder, or
	// found one in the way of a new one.
	madeParts atomic.Bool
}

// of looks through dir once and returns what it found.
func (s *folderScans) of(dir string) *folderScan {
	v, ok := s.byDir.Load(dir)
	if !ok {
		v, _ = s.byDir.LoadOrStore(dir, &folderScan{})
	}
	scan := v.(*folderScan)
	scan.once.Do(func() { scan.folderContents = scanFolder(dir) })
	return scan
}

// mayHoldParts says whether dir may hold a temporary file (name.part) of
// any item or of none: it held one when first looked at, or this run made
// one there since (NotePart). Otherwise no name in dir needs a look for
// its temporary file.
func (s *folderScans) mayHoldParts(dir string) bool {
	scan := s.of(dir)
	return scan.parts || scan.madeParts.Load()
}

// savedBefore returns the numbered name of the file an earlier run saved
// in dir for link, when the folder held one the first time it was looked
// at.
func (s *folderScans) savedBefore(dir, link string) (string, bool) {
	scan := s.of(dir)
	if len(scan.saved) == 0 {
		return "", false
	}
	name, ok := scan.saved[disk.SumOfLink(link)]
	return name, ok
}

// folderContents is what one look through a folder found.
type folderContents struct {
	// empty: the folder held nothing at all, or was not there.
	empty bool
	// parts: it held a temporary file (name.part), or could not be read.
	parts bool
	// saved maps the link noted on each file under a numbered name (one
	// that Haul saved) to its name, by the link's sum.
	saved map[disk.LinkSum]string
}

// scanFolder reads the names in dir, a thousand at a time. When the folder
// cannot be read, parts is true, so that items are looked at one by one as
// before.
func scanFolder(dir string) folderContents {
	f, err := os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return folderContents{empty: true}
	}
	if err != nil {
		return folderContents{parts: true}
	}
	defer f.Close()
	found := folderContents{empty: true, saved: map[disk.LinkSum]string{}}
	for {
		names, err := f.Readdirnames(1000)
		found.empty = found.empty && len(names) == 0
		for _, name := range names {
			found.note(dir, name)
		}
		if err != nil {
			found.parts = found.parts || !errors.Is(err, io.EOF)
			found.empty = found.empty && !found.parts
			return found
		}
	}
}

// note notes one name found in dir.
func (c *folderContents) note(dir, name string) {
	if strings.HasSuffix(name, ".part") {
		c.parts = true
		return
	}
	if !naming.IsNumbered(name) {
		return
	}
	if tag, ok := disk.ReadTag(filepath.Join(dir, name)); ok {
		c.saved[tag.LinkSum()] = name
	}
}

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

// NoteQueued records the file the saved record r says is its link's: its
// saved file, or its temporary file's name while it is under way. No new
// link takes it for its own or skips for it (haul get notes the queue's
// records of links this run was not given).
func (f *Names) NoteQueued(r record.Record) {
	q := &f.queued
	if r.Name == "" || r.Dir == "" || naming.Sanitize(r.Name) != r.Name {
		return
	}
	st, ok := itemstate.ParseState(r.State)
	if !ok || st != itemstate.Done && !r.OwnsPart {
		return
	}
	key, ok := links.Canonical(r.URL)
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
