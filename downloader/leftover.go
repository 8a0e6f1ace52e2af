package downloader

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

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
func (t *try) adoptLeftover() job {
	m, it, j := t.m, t.it, t.j
	if j.name != "" || j.ownsPart || !m.scans.mayHoldLeftovers(j.dir) {
		return j
	}
	name := notATempName(naming.FromResponse("", j.url, ""))
	if it.pattern != "" {
		name = naming.FromTemplate(it.pattern, name)
	}
	full := filepath.Join(j.dir, name)
	tag, ok := readPartTag(full + ".part")
	if !ok || !sameLink(tag.link, it.raw) || !tag.hasVersion() || fileExists(full) {
		return j
	}
	if _, _, free := m.names.reserve(it.dir, name, 1, it.id); !free {
		return j
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	it.name, it.ownsPart, it.etag, it.modified = name, true, tag.etag, tag.modified
	m.markDirtyLocked(it)
	j.name, j.ownsPart, j.etag, j.modified, j.validator = name, true, tag.etag, tag.modified, it.validator()
	return j
}

// folderScans is the part that looks through each output folder once,
// the first time an item is saved there (see folderScan). It owns its
// map, safe for concurrent use, and takes no other lock.
type folderScans struct {
	byDir sync.Map // folder → *folderScan, what it held when first looked at
}

// folderScan is one look through a folder, the first time an item is
// saved there: whether it held temporary files, and the files Haul saved
// in it under numbered names ("name (2).ext"), by the link each was saved
// for. A file under the name its link wants is found by trying that name
// first; one under a number, only by this.
type folderScan struct {
	once  sync.Once
	parts bool
	saved map[string]string // canonical link → numbered file name
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
	scan.once.Do(func() { scan.parts, scan.saved = scanFolder(dir) })
	return scan
}

// mayHoldLeftovers says whether dir held a temporary file (name.part) when
// the manager first looked. Leftovers come from earlier runs, so a folder
// without one needs no look item by item; the temporary files of this run
// belong to their items.
func (s *folderScans) mayHoldLeftovers(dir string) bool {
	return s.of(dir).parts
}

// mayHoldParts says whether dir may hold a temporary file (name.part) of
// any item or of none: it held one when first looked at, or this run made
// one there since (notePart). Otherwise no name in dir needs a look for
// its temporary file.
func (s *folderScans) mayHoldParts(dir string) bool {
	scan := s.of(dir)
	return scan.parts || scan.madeParts.Load()
}

// notePart notes that dir holds a temporary file this run made, or one
// found in the way of a new one.
func (s *folderScans) notePart(dir string) {
	s.of(dir).madeParts.Store(true)
}

// savedBefore returns the numbered name of the file an earlier run saved
// in dir for link, when the folder held one the first time the manager
// looked.
func (s *folderScans) savedBefore(dir, link string) (string, bool) {
	scan := s.of(dir)
	if len(scan.saved) == 0 {
		return "", false
	}
	key, ok := CanonicalLink(link)
	if !ok {
		return "", false
	}
	name, ok := scan.saved[key]
	return name, ok
}

// scanFolder reads the names in dir, a thousand at a time: parts says one
// ends in .part, and saved maps the link noted on each file with a numbered
// name (one that Haul saved) to its name. When the folder cannot be read,
// parts is true, so that items are looked at one by one as before.
func scanFolder(dir string) (parts bool, saved map[string]string) {
	f, err := os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return true, nil
	}
	defer f.Close()
	saved = map[string]string{}
	for {
		names, err := f.Readdirnames(1000)
		for _, name := range names {
			if strings.HasSuffix(name, ".part") {
				parts = true
				continue
			}
			if !naming.IsNumbered(name) {
				continue
			}
			if tag, ok := readPartTag(filepath.Join(dir, name)); ok {
				if key, ok := CanonicalLink(tag.link); ok {
					saved[key] = name
				}
			}
		}
		if err != nil {
			return parts || !errors.Is(err, io.EOF), saved
		}
	}
}
