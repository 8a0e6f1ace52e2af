package downloader

import (
	"path/filepath"

	"haul/downloader/disk"
	"haul/downloader/naming"
)

// Claiming a name costs the same however many items want it: after the
// wanted name itself, numbered names are tried from where the last claim
// of that name in that folder stopped (see folderNames), and the file system
// is asked with no lock held, one candidate at a time, after the
// candidate is reserved.

// folderName identifies a file name in a folder. It holds the item's own
// strings (the folder is shared by every item saved there), where one
// joined string per item would cost 100,000 allocations.
type folderName struct{ dir, name string }

// nameKey identifies a file name in a folder, the same for names that the
// file system may treat as one (case, Unicode forms).
func nameKey(dir, name string) folderName { return folderName{dir, naming.Fold(name)} }

// claimKind is what claiming a name found in the folder.
type claimKind int

const (
	// claimFree: the name is the item's, with no file in the way.
	claimFree claimKind = iota
	// claimSkip: a file of that name is there and the policy is to skip it.
	claimSkip
	// claimLeftover: a temporary file Haul left for this same link (its
	// queue was lost) is there, of another or an unknown version: it is
	// the item's now and is written again from byte 0.
	claimLeftover
	// claimResume: that leftover holds bytes of the version now offered:
	// the item resumes from it.
	claimResume
)

// nameClaim is one item's claim of its file name in its folder, made for
// its try: the names it reserves are folderNames', the item's fields are
// set under Manager.mu, and the folder is read with no lock held.
type nameClaim struct {
	m  *Manager
	it *item
}

// claimName reserves a file name for the item, applying the existing-file
// policy. Names taken by other items in the queue, by temporary files
// that are not this item's, or by files Haul saved for other links in the
// queue, are never reused: the item gets "name (2).ext". A temporary file
// that Haul left for this same link (its queue was lost) becomes the
// item's again, to resume when it holds the version offered (see
// claimKind), so no orphan is left beside "name (2).ext". A whole file
// Haul saved for this same link, by a run that stopped before its queue
// noted it (a crash, a power cut) or that kept no queue, is skipped as
// already in the folder under every policy but Overwrite, rather than
// saved twice; it is looked for first, under whichever number it got, so
// that links sharing a name each find their own file whatever order their
// answers come in. offered is the version the server answers with, total
// its length (-1: unknown).
func (c nameClaim) claimName(want string, offered disk.Tag, total int64) (string, claimKind) {
	m, it := c.m, c.it
	if name, n, ok := c.earlierName(want); ok {
		if r := m.names.reserve(it.dir, name, 1, it.id); r.ok {
			if kind, ok := c.claimCandidate(r, n > 1, offered, total); ok {
				return name, kind
			}
		}
	}
	for n := 1; ; n++ {
		r := m.names.reserve(it.dir, want, n, it.id)
		n = r.tried
		if !r.ok {
			continue
		}
		if kind, ok := c.claimCandidate(r, n > 1, offered, total); ok {
			return r.name, kind
		}
	}
}

// claimCandidate checks a reserved name against the folder; ok is false
// when the item must try the next name. numbered says the name is not the
// one wanted.
func (c nameClaim) claimCandidate(r reservation, numbered bool, offered disk.Tag, total int64) (claimKind, bool) {
	m, it := c.m, c.it
	policy := m.Limits().OnExists
	name := r.name
	full := filepath.Join(it.dir, name)
	there := c.lookAtReserved(r, full)
	exists := there.Exists()
	passOver := c.passOver(there, numbered) || m.queued.another(it.dir, name, it.raw)
	part, foreign := claimFree, false
	if m.scans.mayHoldParts(it.dir) {
		part, foreign = leftoverAt(full+".part", it.raw, offered)
	}
	if exists && part != claimFree && (policy != Overwrite || passOver) {
		_ = m.disk.Remove(full + ".part") // Haul's own, for a file that is there already
		part = claimFree
	}
	saved := !passOver && policy != Overwrite && savedEarlier(there, it.raw, offered, total)
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case saved, exists && !passOver && policy == SkipExisting:
		it.name, it.path = name, full
		it.note = &Note{Kind: NoteInFolder, Name: name}
		m.store.touch(it)
		return claimSkip, true
	case passOver, exists && policy == KeepBoth, foreign:
		m.names.release(it.dir, name, it.id)
		return 0, false
	}
	it.name = name
	it.journalNow = it.journalNow || numbered // a later run looks under the wanted name first
	m.markDirtyLocked(it)
	return part, true
}

// lookAtReserved reads what the folder holds under a name just reserved.
// It reads nothing when the folder held nothing when first looked at and
// the reservation is fresh: only something outside Haul could have made a
// file under that name since, and no file is ever placed over one
// (linkUnnamed, disk.CommitFile), so such a file is met when the item's own is
// placed and the item moves to the next free name. A batch saved into a
// new or empty folder then costs no look at the disk per file.
func (c nameClaim) lookAtReserved(r reservation, full string) disk.FileAt {
	if r.fresh && c.m.scans.heldNothing(c.it.dir) {
		return disk.FileAt{}
	}
	return c.m.disk.Look(full)
}

// savedEarlier says whether the file f is a whole copy of link that Haul
// saved (savedFor), of the version offered when both versions are known,
// and of the length announced when that is known. With neither to compare,
// nothing says the file is the one offered now, and it is not taken for it.
func savedEarlier(f disk.FileAt, link string, offered disk.Tag, total int64) bool {
	if !f.SavedFor(link) {
		return false
	}
	versions := f.Tag.HasVersion() && offered.HasVersion()
	switch {
	case versions && !f.Tag.SameVersion(offered):
		return false
	case total >= 0:
		return f.Info.Size() == total
	}
	return versions
}

// passOver says the file f, when there is one, sends the item claiming
// its name on to the next name under every policy, as neither the item's
// to skip for nor to write over: Haul saved it for another link in the
// queue, so it is that link's file (a file saved for a link not in the
// queue, a site that moved its files say, is only a file of that name,
// skipped for or written over as the policy says); or the name is a
// numbered one Haul picked (numbered) and the file is not this link's own,
// since only the name a link asks for can be "already in the folder"; or
// what is there is no file at all (inTheWay).
func (c nameClaim) passOver(f disk.FileAt, numbered bool) bool {
	m, it := c.m, c.it
	switch {
	case !f.Exists():
		return false
	case f.InTheWay():
		return true
	}
	own := f.Noted(it.raw)
	if numbered && !own {
		return true
	}
	if !f.Tagged || own {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.store.holdsNoted(f.Tag)
}

// sameLink says a and b are one link, however each is spelled.
func sameLink(a, b string) bool {
	if a == b {
		return true
	}
	ka, okA := CanonicalLink(a)
	kb, okB := CanonicalLink(b)
	return okA && okB && ka == kb
}

// earlierName returns the numbered name of the file an earlier run saved
// in the item's folder for its link, and its number, when that name is
// made from want.
func (c nameClaim) earlierName(want string) (string, int, bool) {
	m, it := c.m, c.it
	name, ok := m.scans.savedBefore(it.dir, it.raw)
	if !ok {
		return "", 0, false
	}
	n, ok := naming.NumberOf(name, want)
	return name, n, ok
}

// leftoverAt says what the temporary file at path is to an item of link
// offered the version offered: absent (claimFree), or Haul's own for the
// link (claimResume or claimLeftover). foreign says it is anything else,
// which is neither used nor removed.
func leftoverAt(path, link string, offered disk.Tag) (kind claimKind, foreign bool) {
	if !disk.Exists(path) {
		return claimFree, false
	}
	tag, ok := disk.ReadTag(path)
	switch {
	case !ok || !tag.IsFor(link):
		return claimFree, true
	case tag.SameVersion(offered):
		return claimResume, false
	}
	return claimLeftover, false
}

// forgetName releases the item's name so the next attempt picks a new one.
func (c nameClaim) forgetName() {
	m, it := c.m, c.it
	m.mu.Lock()
	defer m.mu.Unlock()
	m.names.release(it.dir, it.name, it.id)
	it.name, it.ownsPart = "", false
}
