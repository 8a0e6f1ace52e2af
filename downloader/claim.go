package downloader

import (
	"path/filepath"

	"haul/downloader/naming"
)

// Claiming a name costs the same however many items want it: after the
// wanted name itself, numbered names are tried from where the last claim
// of that name in that folder stopped (the next map), and the file system
// is asked outside the manager's lock, one candidate at a time, after the
// candidate is reserved.

// nameKey identifies a file name in a folder, the same for names that the
// file system may treat as one (case, Unicode forms).
func nameKey(dir, name string) string { return dir + "\x00" + naming.Fold(name) }

// claimName reserves a file name for the item, applying the existing-file
// policy. Names taken by other items in the queue, or by partial files that
// are not this item's, are never reused: the item gets "name (2).ext". A
// partial file that Haul left for this same link (its queue was lost) is
// removed and the name reused, so no orphan is left beside "name (2).ext".
// It reports true when the item is to be skipped (the file is already there).
func (m *Manager) claimName(it *item, want string) (string, bool) {
	for n := 1; ; n++ {
		name, tried, ok := m.reserveName(it, want, n)
		n = tried
		if !ok {
			continue
		}
		full := filepath.Join(it.dir, name)
		exists, partExists := fileExists(full), fileExists(full+".part")
		if partExists && removeLeftover(full+".part", it.raw) {
			partExists = false
		}
		m.mu.Lock()
		switch {
		case exists && m.limits.OnExists == SkipExisting:
			it.name, it.path = name, full
			it.note = Note{Kind: NoteInFolder, Name: name}
			m.touchLocked(it)
			m.mu.Unlock()
			return name, true
		case exists && m.limits.OnExists == KeepBoth, partExists:
			m.releaseNameLocked(it, name)
			m.mu.Unlock()
			continue
		}
		it.name = name
		m.markDirtyLocked(it)
		m.mu.Unlock()
		return name, false
	}
}

// reserveName reserves candidate n for want (want itself when n is 1; a
// numbered name from where the last claim of want in the folder stopped
// otherwise). It returns the name, the number it tried, and false when
// another item holds that name.
func (m *Manager) reserveName(it *item, want string, n int) (string, int, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	name := want
	if n > 1 {
		stem := nameKey(it.dir, want)
		n = max(n, m.next[stem])
		m.next[stem] = n + 1
		name = naming.Numbered(want, n)
	}
	key := nameKey(it.dir, name)
	if owner, taken := m.names[key]; taken && owner != it.id {
		return "", n, false
	}
	m.names[key] = it.id
	return name, n, true
}

// releaseNameLocked gives back a name the item reserved but cannot use.
func (m *Manager) releaseNameLocked(it *item, name string) {
	if key := nameKey(it.dir, name); m.names[key] == it.id {
		delete(m.names, key)
	}
}

// forgetName releases the item's name so the next attempt picks a new one.
func (m *Manager) forgetName(it *item) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.releaseNameLocked(it, it.name)
	it.name, it.ownsPart = "", false
}
