package items

import (
	"path/filepath"

	"haul/downloader/itemstate"
)

// pictureIndex finds identical pictures: the sha256 of each picture saved
// or being saved, and the item that holds it, so that a picture found
// twice is saved once. The store's lock guards it; whether a saved
// picture's file is still there is looked at with no lock held.
type pictureIndex struct {
	s      *Store
	byHash map[string]*Item // sha256 of a picture → the item that saves it
}

// owner records the picture's hash and returns the item holding an
// identical picture, or nil, having taken the picture for it. A saved
// owner comes with the path of its file, to be looked at; nothing else does.
func (p *pictureIndex) owner(it *Item, sum string, keepDuplicates bool) (owner *Item, path string) {
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	it.hash = sum
	if keepDuplicates {
		return nil, ""
	}
	owner = p.byHash[sum]
	live := owner != nil && owner != it && s.byID[owner.id] == owner && owner.state != Failed && owner.state != Canceled
	switch {
	case live && owner.state != Done:
		return owner, ""
	case live && owner.path != "":
		return owner, owner.path
	}
	p.byHash[sum] = it
	return nil, ""
}

// confirm says the saved owner of the picture is still as owner found it,
// its file at path; when the file is not there, the picture is the
// item's now.
func (p *pictureIndex) confirm(it, owner *Item, sum, path string, there bool) bool {
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if p.byHash[sum] != owner || owner.path != path || owner.state != Done {
		return false
	}
	if !there {
		p.byHash[sum] = it
	}
	return true
}

// markSame notes that the item's picture is the same as owner's.
func (p *pictureIndex) markSame(it, owner *Item) {
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	it.note = &Note{Kind: itemstate.NoteSamePicture, Name: owner.name}
	it.path = filepath.Join(owner.dir, owner.name)
	it.ownsPart = false
	s.cfg.Names.Release(it.dir, it.name, it.id)
}

// forget drops the item's picture; the store's lock is held.
func (p *pictureIndex) forget(it *Item) {
	if it.hash != "" && p.byHash[it.hash] == it {
		delete(p.byHash, it.hash)
	}
}
