package queue

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"haul/downloader"
)

// header is the first line of every queue file.
type header struct {
	Haul    string `json:"haul"`
	Version int    `json:"version"`
}

const formatVersion = 1

// line is one journal entry: a record, or the removal of a URL.
type line struct {
	downloader.Record
	Removed bool `json:"removed,omitempty"`
}

// Store is an open queue file. It implements downloader.Journal.
type Store struct {
	path string
	lock *os.File // held while the store is open

	folder *os.File // the output folder, locked while the store is open (LockFolder)

	mu    sync.Mutex
	f     *os.File
	order []string
	live  map[string]downloader.Record
	lines int
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
func Open(path string) (*Store, []downloader.Record, *Problem, error) {
	s := &Store{path: path, live: map[string]downloader.Record{}}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, nil, nil, fmt.Errorf("open queue %s: %w", path, err)
	}
	lock, err := lockFile(path + ".lock")
	if err != nil {
		return nil, nil, nil, fmt.Errorf("open queue %s: %w", path, err)
	}
	s.lock = lock
	problem, err := s.load()
	if err != nil {
		s.unlock()
		return nil, nil, nil, err
	}
	recs := s.records()
	if problem != nil || s.lines > len(s.live)+len(s.live)/2 || s.lines == 0 {
		err = s.compact()
	} else {
		s.f, err = os.OpenFile(s.path, os.O_WRONLY|os.O_APPEND, 0o600)
	}
	if err != nil {
		s.unlock()
		return nil, nil, nil, fmt.Errorf("open queue %s: %w", s.path, err)
	}
	return s, recs, problem, nil
}

// load reads the journal into memory.
func (s *Store) load() (*Problem, error) {
	data, err := os.ReadFile(s.path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read queue %s: %w", s.path, err)
	}
	good, bad := s.parse(data)
	if !bad {
		return nil, nil
	}
	moved := fmt.Sprintf("%s.broken-%s", s.path, time.Now().Format("20060102-150405"))
	if err := os.WriteFile(moved, data, 0o600); err != nil {
		return nil, fmt.Errorf("keep damaged queue %s: %w", moved, err)
	}
	recovered := 0
	if good > 0 {
		recovered = len(s.order)
	}
	return &Problem{Recovered: recovered, MovedTo: moved}, nil
}

// parse applies every readable line; it reports how many lines were good
// and whether anything other than a torn last line was unreadable.
func (s *Store) parse(data []byte) (good int, bad bool) {
	lines := bytes.Split(data, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	} else if len(lines) > 1 {
		lines = lines[:len(lines)-1] // torn last line: the write it belonged to never finished
	}
	var h header
	if len(lines) == 0 || json.Unmarshal(lines[0], &h) != nil || h.Haul != "queue" || h.Version != formatVersion {
		return 0, true
	}
	for _, raw := range lines[1:] {
		var l line
		if err := json.Unmarshal(raw, &l); err != nil || l.URL == "" {
			bad = true
			continue
		}
		s.apply(l)
		good++
	}
	s.lines = good
	return good, bad
}

func (s *Store) apply(l line) {
	_, known := s.live[l.URL]
	switch {
	case l.Removed:
		delete(s.live, l.URL)
	case !known:
		s.order = append(s.order, l.URL)
		s.live[l.URL] = l.Record
	default:
		s.live[l.URL] = l.Record
	}
}

// records returns the live records in queue order, dropping removed URLs from the order.
func (s *Store) records() []downloader.Record {
	kept := s.order[:0]
	out := make([]downloader.Record, 0, len(s.live))
	for _, u := range s.order {
		if r, ok := s.live[u]; ok {
			kept = append(kept, u)
			out = append(out, r)
		}
	}
	s.order = kept
	return out
}

// Write appends the changes; they survive the app crashing at once, and a
// power cut after Sync.
func (s *Store) Write(changed []downloader.Record, removed []string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		return fmt.Errorf("save queue %s: closed", s.path)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, r := range changed {
		s.apply(line{Record: r})
		if err := enc.Encode(line{Record: r}); err != nil {
			return fmt.Errorf("save queue: %w", err)
		}
	}
	for _, u := range removed {
		s.apply(line{Record: downloader.Record{URL: u}, Removed: true})
		if err := enc.Encode(line{Record: downloader.Record{URL: u}, Removed: true}); err != nil {
			return fmt.Errorf("save queue: %w", err)
		}
	}
	if _, err := s.f.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("save queue %s: %w", s.path, err)
	}
	s.lines += len(changed) + len(removed)
	if s.lines > 2*len(s.live)+1000 {
		s.records()
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

func (s *Store) compactLocked() error {
	tmp, err := os.CreateTemp(filepath.Dir(s.path), filepath.Base(s.path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("save queue %s: %w", s.path, err)
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriterSize(tmp, 256<<10)
	err = writeAll(w, s.order, s.live)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), s.path)
	}
	if err == nil {
		err = downloader.SyncDir(filepath.Dir(s.path))
	}
	if err != nil {
		return fmt.Errorf("save queue %s: %w", s.path, err)
	}
	if s.f != nil {
		s.f.Close()
	}
	s.f, err = os.OpenFile(s.path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("open queue %s: %w", s.path, err)
	}
	s.lines = len(s.live)
	return nil
}

func writeAll(w io.Writer, order []string, live map[string]downloader.Record) error {
	enc := json.NewEncoder(w)
	if err := enc.Encode(header{Haul: "queue", Version: formatVersion}); err != nil {
		return err
	}
	for _, u := range order {
		if r, ok := live[u]; ok {
			if err := enc.Encode(line{Record: r}); err != nil {
				return err
			}
		}
	}
	return nil
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
