package archive

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Folders keeps one archive per output folder, each a file in the folder
// base named after the output folder (PathFor), opened the first time the
// folder is asked about: the output folders hold only what was saved, and
// the window and haul watch find the same archive for a folder. Its
// methods are safe for concurrent use; a folder whose archive cannot be
// opened knows nothing and records nothing, and Err says why.
type Folders struct {
	base   string
	mu     sync.Mutex
	open   map[string]*Archive
	failed map[string]error
	now    func() time.Time
}

// NewFolders keeps the archives of the output folders in folder base
// (see DefaultBase).
func NewFolders(base string) *Folders {
	return &Folders{base: base, open: map[string]*Archive{}, failed: map[string]error{}, now: time.Now}
}

// DefaultBase is where Haul keeps the archives of the output folders: a
// folder in the user's config folder.
func DefaultBase() (string, error) {
	config, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("download archive: no config folder: %w", err)
	}
	return filepath.Join(config, "haul", "archive"), nil
}

// PathFor is the file in base that holds output folder dir's archive: the
// first 8 bytes of the sha256 of its absolute path, in hex.
func PathFor(base, dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("download archive of %s: %w", dir, err)
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(base, hex.EncodeToString(sum[:8])+".sqlite"), nil
}

// In returns the archive of folder dir, opening it when needed.
func (f *Folders) In(dir string) (*Archive, error) {
	dir = filepath.Clean(dir)
	f.mu.Lock()
	defer f.mu.Unlock()
	if a := f.open[dir]; a != nil {
		return a, nil
	}
	path, err := PathFor(f.base, dir)
	if err == nil && f.base == "" {
		err = fmt.Errorf("download archive of %s: no folder to keep it in", dir)
	}
	var a *Archive
	if err == nil {
		a, err = Open(path)
	}
	if err != nil {
		f.failed[dir] = err
		return nil, err
	}
	delete(f.failed, dir)
	f.open[dir] = a
	return a, nil
}

// Err is why the archive of folder dir could not be opened, or nil.
func (f *Folders) Err(dir string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.failed[filepath.Clean(dir)]
}

// HasLink says the link was saved into folder dir before.
func (f *Folders) HasLink(dir, link string) bool {
	a, err := f.In(dir)
	return err == nil && a.HasLink(link)
}

// HasPicture says a picture with this sha256 was saved into folder dir before.
func (f *Folders) HasPicture(dir, sum string) bool {
	a, err := f.In(dir)
	return err == nil && a.HasPicture(sum)
}

// Remember records a file saved into folder dir from link, found on page.
func (f *Folders) Remember(dir, link, sum, page string) error {
	a, err := f.In(dir)
	if err != nil {
		return err
	}
	return a.Add(Entry{Link: link, Sum: sum, Page: page, At: f.now()})
}

// Forget takes links out of folder dir's archive.
func (f *Folders) Forget(dir string, links ...string) (int, error) {
	a, err := f.In(dir)
	if err != nil {
		return 0, err
	}
	return a.Forget(links...)
}

// Close closes every archive opened.
func (f *Folders) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	var first error
	for dir, a := range f.open {
		if err := a.Close(); err != nil && first == nil {
			first = err
		}
		delete(f.open, dir)
	}
	return first
}

// One is a single archive for every folder, as haul get -archive FILE
// uses: the folder a file went to does not matter.
type One struct {
	*Archive
	now func() time.Time
}

// NewOne answers for every folder with archive a.
func NewOne(a *Archive) *One { return &One{Archive: a, now: time.Now} }

// HasLink says the link was saved before, into any folder.
func (o *One) HasLink(_, link string) bool { return o.Archive.HasLink(link) }

// HasPicture says a picture with this sha256 was saved before, into any folder.
func (o *One) HasPicture(_, sum string) bool { return o.Archive.HasPicture(sum) }

// Remember records a file saved from link, found on page.
func (o *One) Remember(_, link, sum, page string) error {
	return o.Archive.Add(Entry{Link: link, Sum: sum, Page: page, At: o.now()})
}

// Forget takes links out of the archive.
func (o *One) Forget(_ string, links ...string) (int, error) { return o.Archive.Forget(links...) }

// ForgetOpen takes links out of every archive opened so far, whatever its
// folder; it returns how many it held.
func (f *Folders) ForgetOpen(links ...string) (int, error) {
	f.mu.Lock()
	open := make([]*Archive, 0, len(f.open))
	for _, a := range f.open {
		open = append(open, a)
	}
	f.mu.Unlock()
	n := 0
	var errs []error
	for _, a := range open {
		k, err := a.Forget(links...)
		n += k
		errs = append(errs, err)
	}
	return n, errors.Join(errs...)
}
