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
}

func newFolderNames() *folderNames {
	return &folderNames{held: map[folderName]ID{}, next: map[folderName]int{}}
}

// reserve reserves candidate n of want in dir for the item id (want
// itself when n is 1; a numbered name from where the last claim of want
// in the folder stopped otherwise). It returns the name, the number it
// tried, and false when another item holds that name.
func (f *folderNames) reserve(dir, want string, n int, id ID) (string, int, bool) {
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
	if owner, taken := f.held[key]; taken && owner != id {
		return "", n, false
	}
	f.held[key] = id
	return name, n, true
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
