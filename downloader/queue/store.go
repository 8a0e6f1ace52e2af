package queue

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

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
	buf     []byte // the lines of the last Write, kept for the next while small
}

// keptBuffer is the largest buffer of lines kept from one Write to the next.
const keptBuffer = 1 << 20

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
	buf := s.buf[:0]
	defer func() {
		if cap(buf) <= keptBuffer {
			s.buf = buf[:0]
		}
	}()
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

// appendLine appends l as one line of JSON, byte for byte what
// json.Encoder writes for it, without reflection: a batch of 10,000 small
// files writes about 20,000 lines, and encoding/json spent more time
// finding its way through the record's fields than writing them. A line
// with a failure, a note or a time JSON cannot hold goes through
// encoding/json.
func appendLine(dst []byte, l line) ([]byte, error) {
	r := &l.Record
	if r.Failure != nil || !r.Note.IsZero() || !plainTime(r.Started) || !plainTime(r.Finished) {
		return appendByReflection(dst, l)
	}
	dst = append(dst, `{"url":`...)
	dst = appendString(dst, r.URL)
	dst = appendStringField(dst, "dir", r.Dir)
	dst = appendStringField(dst, "name", r.Name)
	dst = append(dst, `,"state":`...)
	dst = appendString(dst, r.State)
	dst = appendBoolField(dst, "part", r.OwnsPart)
	dst = appendStringField(dst, "etag", r.ETag)
	dst = appendStringField(dst, "modified", r.LastModified)
	dst = appendIntField(dst, "total", r.Total)
	dst = appendIntField(dst, "attempts", int64(r.Attempts))
	dst = appendIntField(dst, "status", int64(r.Status))
	dst = appendIntField(dst, "err_kind", int64(r.LegacyErrKind))
	dst = appendStringField(dst, "error", r.LegacyError)
	dst = appendStringField(dst, "note", r.LegacyNote)
	dst = appendTimeField(dst, "started", r.Started)
	dst = appendTimeField(dst, "finished", r.Finished)
	dst = appendStringField(dst, "referer", r.Referer)
	dst = appendBoolField(dst, "from_page", r.FromPage)
	dst = appendBoolField(dst, "signed_in", r.SignedIn)
	dst = appendStringField(dst, "subdir", r.Subdir)
	dst = appendStringField(dst, "pattern", r.Pattern)
	dst = appendStringField(dst, "mime", r.MIME)
	dst = appendBoolField(dst, "image", r.IsImage)
	dst = appendIntField(dst, "width", int64(r.Width))
	dst = appendIntField(dst, "height", int64(r.Height))
	dst = appendStringField(dst, "sha256", r.SHA256)
	dst = appendStringField(dst, "place", r.Place)
	dst = appendBoolField(dst, "renamed", r.Renamed)
	dst = appendStringField(dst, "holes", r.Holes)
	dst = appendBoolField(dst, "held", r.Held)
	dst = appendBoolField(dst, "forgotten", r.Forgotten)
	dst = appendOriginal(dst, r.Original)
	dst = appendBoolField(dst, "removed", l.Removed)
	return append(dst, "}\n"...), nil
}

// appendOriginal appends the original's object when there is one.
func appendOriginal(dst []byte, o *record.Original) []byte {
	if o == nil {
		return dst
	}
	dst = append(appendKey(dst, "original"), `{"url":`...)
	dst = appendString(dst, o.URL)
	dst = appendIntField(dst, "small_width", int64(o.SmallWidth))
	dst = appendIntField(dst, "small_height", int64(o.SmallHeight))
	return append(dst, '}')
}

// appendByReflection appends l as json.Encoder writes it.
func appendByReflection(dst []byte, l line) ([]byte, error) {
	b, err := json.Marshal(l)
	if err != nil {
		return dst, fmt.Errorf("save queue: %w", err)
	}
	return append(append(dst, b...), '\n'), nil
}

// plainTime reports whether t is omitted (zero) or written as RFC 3339
// with nanoseconds, as time.Time.MarshalJSON writes it: a year of four
// digits and an offset of whole minutes under a day.
func plainTime(t time.Time) bool {
	if t.IsZero() {
		return true
	}
	_, offset := t.Zone()
	return t.Year() >= 0 && t.Year() <= 9999 && offset%60 == 0 && offset > -24*3600 && offset < 24*3600
}

func appendStringField(dst []byte, key, v string) []byte {
	if v == "" {
		return dst
	}
	dst = appendKey(dst, key)
	return appendString(dst, v)
}

func appendBoolField(dst []byte, key string, v bool) []byte {
	if !v {
		return dst
	}
	return append(appendKey(dst, key), "true"...)
}

func appendIntField(dst []byte, key string, v int64) []byte {
	if v == 0 {
		return dst
	}
	return strconv.AppendInt(appendKey(dst, key), v, 10)
}

func appendTimeField(dst []byte, key string, t time.Time) []byte {
	if t.IsZero() {
		return dst
	}
	dst = append(appendKey(dst, key), '"')
	return append(t.AppendFormat(dst, time.RFC3339Nano), '"')
}

func appendKey(dst []byte, key string) []byte {
	dst = append(dst, ',', '"')
	dst = append(dst, key...)
	return append(dst, '"', ':')
}

// appendString appends s as a JSON string the way encoding/json does with
// HTML escaping on: <, > and & escaped, invalid UTF-8 as U+FFFD, and the
// line and paragraph separators escaped.
func appendString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if plainByte(b) {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// plainByte reports whether an ASCII byte stands for itself in a JSON
// string written with HTML escaping.
func plainByte(b byte) bool {
	return b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&'
}
