package downloader

import (
	"sync"

	"haul/downloader/naming"
)

// folderNames is the naming part of the engine: which item holds each
// file name in each folder, and where numbering a wanted name goes on
// from after a clash. Its mu guards both. It is taken after Manager.mu
// when both are held, holds no other lock, and never waits for the disk:
// the claims look at the folder with no lock held (claim.go).
type folderNames struct {
	mu   sync.Mutex
	held map[folderName]ID  // folder and folded file name → the item that holds it
	next map[folderName]int // folder and folded wanted name → the next number to try after a clash
	// gaveBack holds the folders in which a name was given back: a file
	// this run saved may be under a name no item holds.
	gaveBack map[string]bool
}

func newFolderNames() *folderNames {
	return &folderNames{held: map[folderName]ID{}, next: map[folderName]int{}, gaveBack: map[string]bool{}}
}

// reservation is the outcome of reserving a name.
type reservation struct {
	name  string // the name reserved
	tried int    // the number tried
	ok    bool   // false: another item holds the name
	// fresh: no item held the name before, and no name was ever given
	// back in the folder, so no file this run saved is under it.
	fresh bool
}

// reserve reserves candidate n of want in dir for the item id (want
// itself when n is 1; a numbered name from where the last claim of want
// in the folder stopped otherwise).
func (f *folderNames) reserve(dir, want string, n int, id ID) reservation {
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
		return reservation{tried: n}
	}
	f.held[key] = id
	return reservation{name: name, tried: n, ok: true, fresh: !taken && !f.gaveBack[dir]}
}

// hold gives the name in dir to the item id.
func (f *folderNames) hold(dir, name string, id ID) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.held[nameKey(dir, name)] = id
}

// release gives back the name in dir when the item id holds it.
func (f *folderNames) release(dir, name string, id ID) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if key := nameKey(dir, name); f.held[key] == id {
		delete(f.held, key)
		f.gaveBack[dir] = true
	}
}

// renumber forgets where numbering went on from: the numbers freed by
// items taken off the list may be used again.
func (f *folderNames) renumber() {
	f.mu.Lock()
	defer f.mu.Unlock()
	clear(f.next)
}

// count is how many names are held.
func (f *folderNames) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.held)
}
