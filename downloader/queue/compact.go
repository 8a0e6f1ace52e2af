package queue

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"haul/downloader/dirsync"
)

// compactLocked rewrites the journal as one line per live item, copying
// each item's latest line as it is, and reopens it for appending.
//
// The open journal is closed before the new one is renamed over it:
// Windows refuses to replace a file that is still open, and a rename that
// failed leaves the old journal whole, reopened as it was.
func (s *Store) compactLocked() error {
	tmp, err := s.writeCompacted()
	if err != nil {
		return fmt.Errorf("save queue %s: %w", s.path, err)
	}
	defer os.Remove(tmp.name)
	s.f.Close()
	s.f = nil
	renameErr := os.Rename(tmp.name, s.path)
	if renameErr == nil {
		renameErr = dirsync.Sync(filepath.Dir(s.path))
	}
	f, err := os.OpenFile(s.path, os.O_RDWR|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("open queue %s: %w", s.path, err)
	}
	s.f = f
	if renameErr != nil {
		return fmt.Errorf("save queue %s: %w", s.path, renameErr)
	}
	s.entries, s.size, s.lines = tmp.kept, tmp.size, len(tmp.kept)
	for i, e := range tmp.kept {
		s.index[e.url] = int32(i)
	}
	return nil
}

// compacted is a rewritten journal under a temporary name, synced and
// closed, waiting to be renamed over the journal.
type compacted struct {
	name string
	kept []entry // where each live item's line is in it
	size int64
}

// writeCompacted writes the live lines to a new file beside the journal.
func (s *Store) writeCompacted() (compacted, error) {
	tmp, err := os.CreateTemp(filepath.Dir(s.path), filepath.Base(s.path)+".tmp-*")
	if err != nil {
		return compacted{}, err
	}
	w := bufio.NewWriterSize(tmp, readSize)
	kept, size, err := s.copyLive(w)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return compacted{}, err
	}
	return compacted{name: tmp.Name(), kept: kept, size: size}, nil
}

// copyLive writes the header and the latest line of every live item, in
// queue order, and returns where each now is and the size written.
func (s *Store) copyLive(w io.Writer) ([]entry, int64, error) {
	head, err := json.Marshal(header{Haul: "queue", Version: formatVersion})
	if err != nil {
		return nil, 0, err
	}
	head = append(head, '\n')
	if _, err := w.Write(head); err != nil {
		return nil, 0, err
	}
	size := int64(len(head))
	kept := make([]entry, 0, len(s.index))
	r := lineReader{f: s.f}
	for _, e := range s.entries {
		if e.n == 0 {
			continue
		}
		raw, err := r.at(e.off, e.n)
		if err != nil {
			return nil, 0, err
		}
		if _, err := w.Write(raw); err != nil {
			return nil, 0, err
		}
		kept = append(kept, entry{url: e.url, off: size, n: e.n})
		size += int64(e.n)
	}
	return kept, size, nil
}

// lineReader reads lines at known places in a file, a window at a time,
// so that lines read in file order cost one read per window.
type lineReader struct {
	f   io.ReaderAt
	buf []byte
	off int64 // where buf starts in the file
}

// at returns the n bytes at off; they are valid until the next call.
func (r *lineReader) at(off int64, n int32) ([]byte, error) {
	if off >= r.off && off+int64(n) <= r.off+int64(len(r.buf)) {
		return r.buf[off-r.off : off-r.off+int64(n)], nil
	}
	if want := max(int(n), readSize); cap(r.buf) < want {
		r.buf = make([]byte, want)
	}
	got, err := r.f.ReadAt(r.buf[:cap(r.buf)], off)
	if got < int(n) {
		r.buf = r.buf[:0]
		return nil, fmt.Errorf("line at byte %d: %w", off, noEOF(err))
	}
	r.buf, r.off = r.buf[:got], off
	return r.buf[:n], nil
}

// noEOF turns the end of the file before a known line into an error of its own.
func noEOF(err error) error {
	if err == nil || err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
