package watch

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"
)

// DefaultEvery is how often a page is checked when it says nothing else.
const DefaultEvery = 6 * time.Hour

// MinEvery is the shortest time between two checks of a page, whatever the
// list's file says: a page is a site's, and checking it more often would
// fetch it over and over.
const MinEvery = 15 * time.Minute

// Page is one watched page and what its last check found.
type Page struct {
	// URL is the page's address.
	URL string `json:"url"`
	// Dir is the folder its pictures are saved in.
	Dir string `json:"dir"`
	// Every is how often it is checked while Haul runs.
	Every time.Duration `json:"every"`
	// Render reads it in the user's browser, for pages that draw their
	// pictures with scripts.
	Render bool `json:"render,omitempty"`
	// Checked is when it was last checked; zero before the first check.
	Checked time.Time `json:"checked,omitzero"`
	// New is how many new pictures the last check saved.
	New int `json:"new"`
	// Failed is how many of them could not be saved.
	Failed int `json:"failed,omitempty"`
	// NotAdded is how many new pictures the last check left out, its list
	// being full.
	NotAdded int `json:"notAdded,omitempty"`
	// Problem is why the last check could not read the page, "" when it could.
	Problem string `json:"problem,omitempty"`
	// Cut says the page was longer than Haul reads: the last check looked
	// for pictures only in its first part.
	Cut bool `json:"cut,omitempty"`
}

// due says the page is to be checked at now.
func (p Page) due(now time.Time) bool { return p.Checked.IsZero() || !now.Before(p.next()) }

// next is when the page is next to be checked.
func (p Page) next() time.Time { return p.Checked.Add(p.every()) }

// every is how often the page is checked: DefaultEvery when unset, never
// more often than MinEvery.
func (p Page) every() time.Duration {
	if p.Every <= 0 {
		return DefaultEvery
	}
	return max(p.Every, MinEvery)
}

// List is the watched pages, kept in a file. Its methods are safe for
// concurrent use; another program changing the file meanwhile is seen at
// the next read.
type List struct {
	path string
	mu   sync.Mutex
}

// ErrNotWatched says a page is not in the list.
var ErrNotWatched = errors.New("the page is not watched")

// DefaultPath is the list's file in the user's config folder.
func DefaultPath() (string, error) {
	config, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("watched pages: no config folder: %w", err)
	}
	return filepath.Join(config, "haul", "watched.json"), nil
}

// Open is the list kept at path; the file is made at the first change.
func Open(path string) *List { return &List{path: path} }

// Path is the list's file.
func (l *List) Path() string { return l.path }

// Pages reads the watched pages, in the order they were added.
func (l *List) Pages() ([]Page, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.read()
}

func (l *List) read() ([]Page, error) {
	b, err := os.ReadFile(l.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("watched pages: %w", err)
	}
	var pages []Page
	if err := json.Unmarshal(b, &pages); err != nil {
		return nil, fmt.Errorf("watched pages: %s is damaged: %w", l.path, err)
	}
	for i := range pages {
		pages[i].Every = pages[i].every()
	}
	return pages, nil
}

// write replaces the file with pages, through a temporary file. The file
// is the user's alone (0600): it lists the pages they watch and where
// their pictures go.
func (l *List) write(pages []Page) error {
	b, err := json.MarshalIndent(pages, "", "  ")
	if err != nil {
		return fmt.Errorf("watched pages: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(l.path), 0o700); err != nil {
		return fmt.Errorf("watched pages: %w", err)
	}
	tmp := l.path + ".new"
	if err := writePrivate(tmp, b); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("watched pages: %w", err)
	}
	if err := os.Rename(tmp, l.path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("watched pages: %w", err)
	}
	return nil
}

// change reads the list, lets f change it and writes it back.
func (l *List) change(f func([]Page) ([]Page, error)) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	pages, err := l.read()
	if err != nil {
		return err
	}
	if pages, err = f(pages); err != nil {
		return err
	}
	return l.write(pages)
}

// writePrivate writes b into a new file at path that only the user can
// read, synced before it is closed.
func writePrivate(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if err := f.Chmod(0o600); err != nil { // a file left by an earlier Haul
		f.Close()
		return err
	}
	_, err = f.Write(b)
	if serr := f.Sync(); err == nil {
		err = serr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// record notes on the page what its check at checked found.
func (p *Page) record(checked time.Time, r Result) {
	p.Checked, p.New, p.Failed, p.NotAdded, p.Problem, p.Cut = checked, r.New, r.Failed, r.NotAdded, r.Problem, r.Cut
}

// Add watches a page, or changes the folder, frequency and reading of one
// watched already (keeping what its checks found); added says it is new.
func (l *List) Add(p Page) (added bool, err error) {
	err = l.change(func(pages []Page) ([]Page, error) {
		i := slices.IndexFunc(pages, func(q Page) bool { return q.URL == p.URL })
		if i < 0 {
			added = true
			return append(pages, p), nil
		}
		pages[i].Dir, pages[i].Every, pages[i].Render = p.Dir, p.Every, p.Render
		return pages, nil
	})
	return added, err
}

// Remove stops watching the page at url; ErrNotWatched when it was not.
func (l *List) Remove(url string) error {
	return l.change(func(pages []Page) ([]Page, error) {
		i := slices.IndexFunc(pages, func(q Page) bool { return q.URL == url })
		if i < 0 {
			return nil, ErrNotWatched
		}
		return slices.Delete(pages, i, i+1), nil
	})
}

// Record notes what a check of the page at url found at checked; a page
// removed meanwhile stays removed.
func (l *List) Record(url string, checked time.Time, r Result) error {
	return l.change(func(pages []Page) ([]Page, error) {
		if i := slices.IndexFunc(pages, func(q Page) bool { return q.URL == url }); i >= 0 {
			pages[i].record(checked, r)
		}
		return pages, nil
	})
}
