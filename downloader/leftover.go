package downloader

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"haul/downloader/naming"
)

// A run whose queue was lost (deleted, damaged, or -state off) finds the
// temporary files an earlier run left by the note on each (see partTag).
// Before an item's first request, adoptLeftover looks under the name the
// link itself suggests: a leftover of this link there, with a known
// version, makes the first request ask only for the rest, with If-Range so
// that another version comes whole and is written over it from byte 0.
// A leftover under a name only the answer reveals (Content-Disposition, a
// numbered name) is found when the name is claimed (see claimName).

// adoptLeftover gives the job the temporary file an earlier run left for
// the item's link under the name the link suggests, when there is one and
// it notes the version of the file it holds.
func (m *Manager) adoptLeftover(it *item, j job) job {
	if j.name != "" || j.ownsPart || !m.mayHoldLeftovers(j.dir) {
		return j
	}
	name := notATempName(naming.FromResponse("", j.url, ""))
	if it.pattern != "" {
		name = naming.FromTemplate(it.pattern, name)
	}
	full := filepath.Join(j.dir, name)
	tag, ok := readPartTag(full + ".part")
	if !ok || tag.link != it.raw || !tag.hasVersion() || fileExists(full) {
		return j
	}
	if _, _, free := m.reserveName(it, name, 1); !free {
		return j
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	it.name, it.ownsPart, it.etag, it.modified = name, true, tag.etag, tag.modified
	m.markDirtyLocked(it)
	j.name, j.ownsPart, j.etag, j.modified, j.validator = name, true, tag.etag, tag.modified, it.validator()
	return j
}

// partScan is one look through a folder for temporary files.
type partScan struct {
	once  sync.Once
	found bool
}

// mayHoldLeftovers says whether dir held a temporary file (name.part) when
// the manager first looked, once per folder. Leftovers come from earlier
// runs, so a folder without one needs no look item by item; the temporary
// files of this run belong to their items.
func (m *Manager) mayHoldLeftovers(dir string) bool {
	v, _ := m.partScans.LoadOrStore(dir, &partScan{})
	scan := v.(*partScan)
	scan.once.Do(func() { scan.found = holdsPartFile(dir) })
	return scan.found
}

// holdsPartFile reads the names in dir, a thousand at a time, for one that
// ends in .part; when the folder cannot be read it answers true, so that
// items are looked at one by one as before.
func holdsPartFile(dir string) bool {
	f, err := os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if err != nil {
		return true
	}
	defer f.Close()
	for {
		names, err := f.Readdirnames(1000)
		for _, name := range names {
			if strings.HasSuffix(name, ".part") {
				return true
			}
		}
		if err != nil {
			return !errors.Is(err, io.EOF)
		}
	}
}
