package queue

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"haul/downloader/record"
)

// header is the first line of every queue file.
type header struct {
	Haul    string `json:"haul"`
	Version int    `json:"version"`
}

const formatVersion = 1

// line is one journal entry: a record, or the removal of a URL.
type line struct {
	record.Record
	Removed bool `json:"removed,omitempty"`
}

// Store is an open queue file. It implements record.Journal. It keeps
// no copy of the records: only where each item's latest line is in the
// file, which is all that rewriting the file needs.
type Store struct {
	path string
	lock *os.File // held while the store is open

	folder *os.File // the output folder, locked while the store is open (LockFolder)

	mu      sync.Mutex
	f       *os.File // open for appending and reading
	size    int64    // the end of the last whole line: where the next one goes
	entries []entry  // each item's latest line, in queue order; removed items leave empty entries
	index   map[string]int32
	lines   int
}

// entry is where the latest line of one item is in the file.
type entry struct {
	url string // empty once the item is removed
	off int64
	n   int32 // the line's length with its newline
}

// Problem says what was wrong with a queue file that could not be read
// whole, as data; package haul/i18n puts it into words.
type Problem struct {
	// Recovered is how many items could still be read (0: the list starts empty).
	Recovered int
	// MovedTo is where the unreadable file was kept.
	MovedTo string
}

// Open reads the queue at path (a missing file is an empty queue) and keeps
// it open for writing, locked against other running copies of Haul (an
// error wrapping ErrInUse). The records come back in queue order. A damaged file
// never stops Open: it is moved aside and described by the Problem.
func Open(path string) (*Store, []record.Record, *Problem, error) {
	s, problem, err := OpenLazy(path)
	if err != nil {
		return nil, nil, nil, err
	}
	recs := make([]record.Record, 0, len(s.index))
	err = s.Each(func(r record.Record) bool {
		recs = append(recs, r)
		return true
	})
	if err != nil {
		s.Close()
		return nil, nil, nil, err
	}
	return s, recs, problem, nil
}

// OpenLazy is Open without reading the records: Each reads them when
// needed, one at a time, so that a long queue is never held whole.
func OpenLazy(path string) (*Store, *Problem, error) {
	s := &Store{path: path, index: map[string]int32{}}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, nil, fmt.Errorf("open queue %s: %w", path, err)
	}
	lock, err := lockFile(path + ".lock")
	if err != nil {
		return nil, nil, fmt.Errorf("open queue %s: %w", path, err)
	}
	s.lock = lock
	problem, err := s.load()
	if err == nil {
		err = s.openFile(problem != nil)
	}
	if err != nil {
		s.Close()
		return nil, nil, err
	}
	return s, problem, nil
}

// openFile opens the journal for appending, first rewriting it when it
// was damaged or is mostly old lines, or cutting off a torn last line.
func (s *Store) openFile(damaged bool) error {
	f, err := os.OpenFile(s.path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("open queue %s: %w", s.path, err)
	}
	s.f = f
	if damaged || s.lines > len(s.index)+len(s.index)/2 || s.lines == 0 {
		return s.compact()
	}
	if err := f.Truncate(s.size); err != nil {
		return fmt.Errorf("open queue %s: %w", s.path, err)
	}
	return nil
}

func (s *Store) apply(url string, removed bool, off int64, n int) {
	i, known := s.index[url]
	switch {
	case removed && known:
		s.entries[i] = entry{}
		delete(s.index, url)
	case removed:
	case known:
		s.entries[i].off, s.entries[i].n = off, int32(n)
	default:
		s.index[url] = int32(len(s.entries))
		s.entries = append(s.entries, entry{url: url, off: off, n: int32(n)})
	}
}

// Each reads the live records back from the file and calls fn with each,
// in queue order, until fn returns false. It must not write to the store.
func (s *Store) Each(fn func(record.Record) bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := lineReader{f: s.f}
	for _, e := range s.entries {
		if e.n == 0 {
			continue
		}
		raw, err := r.at(e.off, e.n)
		var l line
		if err == nil {
			err = json.Unmarshal(raw, &l)
		}
		if err != nil {
			return fmt.Errorf("read queue %s: %w", s.path, err)
		}
		l.URL = e.url
		if !fn(l.Record) {
			return nil
		}
	}
	return nil
}

// Write appends the changes; they survive the app crashing at once, and a
// power cut after Sync.
func (s *Store) Write(changed []record.Record, removed []string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		return fmt.Errorf("save queue %s: closed", s.path)
	}
	var buf []byte
	type placed struct {
		url     string
		removed bool
		off     int64
		n       int
	}
	lines := make([]placed, 0, len(changed)+len(removed))
	encode := func(l line) (err error) {
		start := len(buf)
		if buf, err = appendLine(buf, l); err != nil {
			return err
		}
		lines = append(lines, placed{l.URL, l.Removed, s.size + int64(start), len(buf) - start})
		return nil
	}
	for _, r := range changed {
		if err := encode(line{Record: r}); err != nil {
			return err
		}
	}
	for _, u := range removed {
		if err := encode(line{Record: record.Record{URL: u}, Removed: true}); err != nil {
			return err
		}
	}
	if _, err := s.f.Write(buf); err != nil {
		s.f.Truncate(s.size) // a torn line would make the next one unreadable
		return fmt.Errorf("save queue %s: %w", s.path, err)
	}
	s.size += int64(len(buf))
	for _, p := range lines {
		s.apply(p.url, p.removed, p.off, p.n)
	}
	s.lines += len(lines)
	if s.lines > 2*len(s.index)+1000 {
		return s.compactLocked()
	}
	return nil
}

// Sync waits until what was written is on the disk. It does not hold up
// Writes meanwhile.
func (s *Store) Sync() error {
	s.mu.Lock()
	f := s.f
	s.mu.Unlock()
	if f == nil {
		return nil
	}
	if err := f.Sync(); err != nil && !errors.Is(err, os.ErrClosed) {
		return fmt.Errorf("save queue %s: %w", s.path, err)
	}
	return nil
}

// compact rewrites the journal as one line per live item.
func (s *Store) compact() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.compactLocked()
}

// unlock lets another Haul open the queue.
func (s *Store) unlock() {
	if s.folder != nil {
		s.folder.Close()
		s.folder = nil
	}
	if s.lock != nil {
		s.lock.Close()
		s.lock = nil
	}
}

// Close syncs and closes the file, and lets another Haul open it.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.unlock()
	if s.f == nil {
		return nil
	}
	err := s.f.Sync()
	if cerr := s.f.Close(); err == nil {
		err = cerr
	}
	s.f = nil
	if err != nil {
		return fmt.Errorf("close queue %s: %w", s.path, err)
	}
	return nil
}
