package archive

import (
	"path/filepath"
	"sync"
	"time"
)

// Folders keeps one archive per output folder, in the folder's own file
// FileName, opened the first time the folder is asked about. Its methods
// are safe for concurrent use; a folder whose archive cannot be opened
// knows nothing and records nothing, and Err says why.
type Folders struct {
	mu     sync.Mutex
	open   map[string]*Archive
	failed map[string]error
	now    func() time.Time
}

// NewFolders makes an empty set of per-folder archives.
func NewFolders() *Folders {
	return &Folders{open: map[string]*Archive{}, failed: map[string]error{}, now: time.Now}
}

// In returns the archive of folder dir, opening it when needed.
func (f *Folders) In(dir string) (*Archive, error) {
	dir = filepath.Clean(dir)
	f.mu.Lock()
	defer f.mu.Unlock()
	if a := f.open[dir]; a != nil {
		return a, nil
	}
	a, err := Open(filepath.Join(dir, FileName))
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
