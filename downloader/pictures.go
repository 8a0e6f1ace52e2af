package downloader

import (
	"haul/downloader/disk"
	"haul/downloader/names"
	"path/filepath"
	"sync"
)

// pictures is the part that finds identical pictures: the sha256 of each
// picture saved or being saved, and the item that holds it, so that a
// picture found twice is saved once. It has no lock of its own: the
// Manager's lock (Manager.mu, which mu points to) guards it, and its
// methods take that lock themselves; whether a saved picture's file is
// still there is looked at with no lock held.
type pictures struct {
	mu     *sync.Mutex
	store  *itemStore
	names  *names.Names
	byHash map[string]*item // sha256 of a picture → the item that saves it
}

// forget drops a removed item's picture; Manager.mu is held.
func (p *pictures) forget(it *item) {
	if it.hash != "" && p.byHash[it.hash] == it {
		delete(p.byHash, it.hash)
	}
}

// sameAs records the picture's hash and returns the item already holding
// an identical picture (saved, or being saved right now), or nil. Whether a
// saved one's file is still there is looked at outside the lock.
func (p *pictures) sameAs(it *item, sum string, keepDuplicates bool) *item {
	for {
		owner, path := p.owner(it, sum, keepDuplicates)
		if path == "" {
			return owner
		}
		there := disk.Exists(path)
		p.mu.Lock()
		if p.byHash[sum] == owner && owner.path == path && owner.state == Done { // else it moved meanwhile: look again
			if !there {
				p.byHash[sum] = it
				owner = nil
			}
			p.mu.Unlock()
			return owner
		}
		p.mu.Unlock()
	}
}

// owner records the picture's hash and returns the item holding an
// identical picture, or nil, having taken the picture for it. A saved
// owner comes with the path of its file, to be looked at; nothing else does.
func (p *pictures) owner(it *item, sum string, keepDuplicates bool) (owner *item, path string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	it.hash = sum
	if keepDuplicates {
		return nil, ""
	}
	owner = p.byHash[sum]
	live := owner != nil && owner != it && p.store.byID[owner.id] == owner && owner.state != Failed && owner.state != Canceled
	switch {
	case live && owner.state != Done:
		return owner, ""
	case live && owner.path != "":
		return owner, owner.path
	}
	p.byHash[sum] = it
	return nil, ""
}

// disown forgets the item's picture hash when its file was not
// saved after all, so that no identical picture is skipped for it.
func (p *pictures) disown(it *item) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if it.hash != "" && p.byHash[it.hash] == it {
		delete(p.byHash, it.hash)
	}
	it.hash = ""
}

// markSame notes that the item's picture is the same as owner's.
func (p *pictures) markSame(it, owner *item) {
	p.mu.Lock()
	defer p.mu.Unlock()
	it.note = &Note{Kind: NoteSamePicture, Name: owner.name}
	it.path = filepath.Join(owner.dir, owner.name)
	it.ownsPart = false
	p.names.Release(it.dir, it.name, it.id)
}
