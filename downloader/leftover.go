package downloader

import (
	"path/filepath"

	"haul/downloader/disk"
	"haul/downloader/names"
	"haul/downloader/naming"
)

// A run whose queue was lost (deleted, damaged, or -state off) finds the
// temporary files an earlier run left by the note on each (see disk.Tag).
// Before an item's first request, adoptLeftover looks under the name the
// link itself suggests: a leftover of this link there, with a known
// version, makes the first request ask only for the rest, with If-Range so
// that another version comes whole and is written over it from byte 0.
// A leftover under a name only the answer reveals (Content-Disposition, a
// numbered name) is found when the name is claimed (see claimName).

// adoptLeftover gives the job the temporary file an earlier run left for
// the item's link under the name the link suggests, when there is one and
// it notes the version of the file it holds.
func (t *try) adoptLeftover() job {
	m, it, j := t.m, t.it, t.j
	if j.name != "" || j.ownsPart || !m.names.MayHoldLeftovers(j.dir) {
		return j
	}
	name := names.NotATempName(naming.FromResponse("", j.url, ""))
	if it.pattern != "" {
		name = naming.FromTemplate(it.pattern, name)
	}
	full := filepath.Join(j.dir, name)
	tag, ok := disk.ReadTag(full + ".part")
	if !ok || !tag.IsFor(it.raw) || !tag.HasVersion() || disk.Exists(full) {
		return j
	}
	if !m.names.Reserve(it.dir, name, 1, it.id).OK {
		return j
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	it.name, it.ownsPart, it.etag, it.modified = name, true, tag.ETag, tag.Modified
	m.markDirtyLocked(it)
	j.name, j.ownsPart, j.etag, j.modified, j.validator = name, true, tag.ETag, tag.Modified, it.validator()
	return j
}
