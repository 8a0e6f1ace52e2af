package archive

import (
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// MaxOpen is how many folders' archives Folders keeps open at once: each
// holds a few open files (the database, its log, its shared memory), so a
// window that saved into hundreds of folders would otherwise run out.
const MaxOpen = 8

// Folders keeps one archive per output folder, each a file in the folder
// base named after the output folder (PathFor), opened when the folder is
// asked about: the output folders hold only what was saved, and the window
// and haul watch find the same archive for a folder. At most MaxOpen
// archives stay open, the ones used last; the others are opened again when
// asked about. Its methods are safe for concurrent use. A folder whose
// archive cannot be made knows nothing and records nothing, and Err says
// why; one whose archive is there but cannot be read answers with an
// *UnreadableError.
type Folders struct {
	base  string
	limit int
	mu    sync.Mutex
	// open holds the open archives by folder; recent orders them, the one
	// used last first.
	open   map[string]*list.Element
	recent *list.List
	// asked are the folders asked about so far, open or not.
	asked  map[string]bool
	failed map[string]error
	now    func() time.Time
}

// inUse is an open archive of a folder, with how many calls use it now:
// it is closed only when none does.
type inUse struct {
	dir   string
	a     *Archive
	users int
	// dropped says it was found unreadable: it is closed once unused, and
	// the folder's archive opened again the next time, as repaired or set
	// aside meanwhile.
	dropped bool
}

// NewFolders keeps the archives of the output folders in folder base
// (see DefaultBase).
func NewFolders(base string) *Folders {
	return &Folders{base: base, limit: MaxOpen, open: map[string]*list.Element{}, recent: list.New(),
		asked: map[string]bool{}, failed: map[string]error{}, now: time.Now}
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

// use returns the archive of folder dir, opened when needed, counted as
// in use until done is given it back.
func (f *Folders) use(dir string) (*inUse, error) {
	dir = filepath.Clean(dir)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked[dir] = true
	if e := f.open[dir]; e != nil {
		f.recent.MoveToFront(e)
		u := e.Value.(*inUse)
		u.users++
		return u, nil
	}
	path, err := PathFor(f.base, dir)
	if err == nil && f.base == "" {
		err = fmt.Errorf("download archive of %s: no folder to keep it in", dir)
	}
	if err == nil {
		if err = os.MkdirAll(f.base, 0o700); err == nil {
			err = keepFolderPrivate(f.base)
		}
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
	u := &inUse{dir: dir, a: a, users: 1}
	f.open[dir] = f.recent.PushFront(u)
	f.closeUnusedLocked()
	return u, nil
}

// done gives back an archive use returned; one found unreadable (err) is
// dropped, so that the next call opens the folder's archive again.
func (f *Folders) done(u *inUse, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	u.users--
	var unreadable *UnreadableError
	if errors.As(err, &unreadable) && !u.dropped {
		u.dropped = true
		if e := f.open[u.dir]; e != nil && e.Value == u {
			f.recent.Remove(e)
			delete(f.open, u.dir)
		}
	}
	if u.dropped && u.users == 0 {
		u.a.Close()
	}
	f.closeUnusedLocked()
}

// closeUnusedLocked closes the archives used longest ago, that no call
// uses now, until at most limit are open.
func (f *Folders) closeUnusedLocked() {
	for e := f.recent.Back(); e != nil && len(f.open) > f.limit; {
		prev := e.Prev()
		if u := e.Value.(*inUse); u.users == 0 {
			f.recent.Remove(e)
			delete(f.open, u.dir)
			u.a.Close()
		}
		e = prev
	}
}

// keepFolderPrivate makes Haul's folder of archives the user's alone, as
// an earlier Haul left it open to all.
func keepFolderPrivate(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil || !fi.IsDir() || fi.Mode().Perm()&0o077 == 0 {
		return err
	}
	return os.Chmod(dir, fi.Mode().Perm()&0o700)
}

// with runs ask on the archive of folder dir. A folder whose archive
// cannot be made answers none (the zero values), with no error; one whose
// archive cannot be read answers its *UnreadableError.
func with[T any](f *Folders, dir string, ask func(*Archive) (T, error)) (T, error) {
	var none T
	u, err := f.use(dir)
	var unreadable *UnreadableError
	switch {
	case errors.As(err, &unreadable):
		return none, err
	case err != nil:
		return none, nil
	}
	v, err := ask(u.a)
	f.done(u, err)
	return v, err
}

// Err is why the archive of folder dir could not be opened, or nil.
func (f *Folders) Err(dir string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.failed[filepath.Clean(dir)]
}

// Check says whether the archive of folder dir can be read through: nil,
// or an *UnreadableError for one that is damaged. It reads the whole file
// (SQLite's quick_check), so it is for a check before a run, not for each
// link. A folder whose archive cannot be made passes: it holds nothing.
func (f *Folders) Check(dir string) error {
	_, err := with(f, dir, func(a *Archive) (struct{}, error) { return struct{}{}, a.Check() })
	return err
}

// HasLink says the link was saved into folder dir before.
func (f *Folders) HasLink(dir, link string) (bool, error) {
	return with(f, dir, func(a *Archive) (bool, error) { return a.HasLink(link) })
}

// HasPicture says a picture with this sha256 was saved into folder dir before.
func (f *Folders) HasPicture(dir, sum string) (bool, error) {
	return with(f, dir, func(a *Archive) (bool, error) { return a.HasPicture(sum) })
}

// Remember records a file saved from link, found on page, into folder dir.
func (f *Folders) Remember(dir, link, sum, page string) error {
	u, err := f.use(dir)
	if err != nil {
		return err
	}
	err = u.a.Add(Entry{Link: link, Sum: sum, Page: page, At: f.now()})
	f.done(u, err)
	return err
}

// Forget takes links out of folder dir's archive.
func (f *Folders) Forget(dir string, links ...string) (int, error) {
	u, err := f.use(dir)
	if err != nil {
		return 0, err
	}
	n, err := u.a.Forget(links...)
	f.done(u, err)
	return n, err
}

// ForgetOpen takes links out of the archives of every folder asked about
// so far, whatever its folder; it returns how many they held.
func (f *Folders) ForgetOpen(links ...string) (int, error) {
	f.mu.Lock()
	dirs := make([]string, 0, len(f.asked))
	for dir := range f.asked {
		dirs = append(dirs, dir)
	}
	f.mu.Unlock()
	n := 0
	var errs []error
	for _, dir := range dirs {
		if f.Err(dir) != nil {
			continue
		}
		k, err := f.Forget(dir, links...)
		n += k
		errs = append(errs, err)
	}
	return n, errors.Join(errs...)
}

// Close closes every archive open.
func (f *Folders) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	var first error
	for dir, e := range f.open {
		if err := e.Value.(*inUse).a.Close(); err != nil && first == nil {
			first = err
		}
		f.recent.Remove(e)
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
func (o *One) HasLink(_, link string) (bool, error) { return o.Archive.HasLink(link) }

// HasPicture says a picture with this sha256 was saved before, into any folder.
func (o *One) HasPicture(_, sum string) (bool, error) { return o.Archive.HasPicture(sum) }

// Remember records a file saved from link, found on page.
func (o *One) Remember(_, link, sum, page string) error {
	return o.Archive.Add(Entry{Link: link, Sum: sum, Page: page, At: o.now()})
}

// Forget takes links out of the archive.
func (o *One) Forget(_ string, links ...string) (int, error) { return o.Archive.Forget(links...) }
