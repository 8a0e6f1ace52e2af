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

	"haul/downloader/disk"
	"haul/downloader/naming"
)

// folderScans is the part that looks through each output folder once a
// batch, the first time an item is saved there (see folderScan). It owns its
// map, safe for concurrent use, and takes no other lock.
type folderScans struct {
	byDir sync.Map // folder → *folderScan, what it held when first looked at
}

// folderScan is one look through a folder, the first time an item is
// saved there: whether it held anything, whether it held temporary files,
// and the files Haul saved
// in it under numbered names ("name (2).ext"), by the link each was saved
// for. A file under the name its link wants is found by trying that name
// first; one under a number, only by this.
type folderScan struct {
	once sync.Once
	folderContents
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
	scan.once.Do(func() { scan.folderContents = scanFolder(dir) })
	return scan
}

// forget forgets what the folders held, once no item is downloading or
// waiting to: files put in a folder between batches (the user's own, say)
// are then seen by the next batch, which reads each folder again.
func (s *folderScans) forget() { s.byDir.Clear() }

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
	name, ok := scan.saved[disk.SumOfLink(link)]
	return name, ok
}

// heldNothing says dir held no file or folder at all, or was not there,
// when first looked at.
func (s *folderScans) heldNothing(dir string) bool {
	return s.of(dir).empty
}

// folderContents is what one look through a folder found.
type folderContents struct {
	// empty: the folder held nothing at all, or was not there.
	empty bool
	// parts: it held a temporary file (name.part), or could not be read.
	parts bool
	// saved maps the link noted on each file under a numbered name (one
	// that Haul saved) to its name, by the link's sum.
	saved map[disk.LinkSum]string
}

// scanFolder reads the names in dir, a thousand at a time. When the folder
// cannot be read, parts is true, so that items are looked at one by one as
// before.
func scanFolder(dir string) folderContents {
	f, err := os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return folderContents{empty: true}
	}
	if err != nil {
		return folderContents{parts: true}
	}
	defer f.Close()
	found := folderContents{empty: true, saved: map[disk.LinkSum]string{}}
	for {
		names, err := f.Readdirnames(1000)
		found.empty = found.empty && len(names) == 0
		for _, name := range names {
			found.note(dir, name)
		}
		if err != nil {
			found.parts = found.parts || !errors.Is(err, io.EOF)
			found.empty = found.empty && !found.parts
			return found
		}
	}
}

// note notes one name found in dir.
func (c *folderContents) note(dir, name string) {
	if strings.HasSuffix(name, ".part") {
		c.parts = true
		return
	}
	if !naming.IsNumbered(name) {
		return
	}
	if tag, ok := disk.ReadTag(filepath.Join(dir, name)); ok {
		c.saved[tag.LinkSum()] = name
	}
}
