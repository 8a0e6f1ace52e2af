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
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"haul/downloader/disk"
	"haul/downloader/itemstate"
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
