package queue

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// readSize is the buffer for reading the journal: big enough for most
// lines many times over, small next to a queue of 100,000 items.
const readSize = 256 << 10

// lineHead is the part of a line that says which item it is about.
type lineHead struct {
	URL     string `json:"url"`
	Removed bool   `json:"removed"`
}

// load reads the journal a line at a time, noting where each item's
// latest line is; the records themselves are read again when asked for.
func (s *Store) load() (*Problem, error) {
	f, err := os.Open(s.path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read queue %s: %w", s.path, err)
	}
	defer f.Close()
	good, bad, err := s.parse(bufio.NewReaderSize(f, readSize))
	if err != nil {
		return nil, fmt.Errorf("read queue %s: %w", s.path, err)
	}
	if !bad {
		return nil, nil
	}
	moved := fmt.Sprintf("%s.broken-%s", s.path, time.Now().Format("20060102-150405"))
	if err := keepCopy(f, moved); err != nil {
		return nil, fmt.Errorf("keep damaged queue %s: %w", moved, err)
	}
	recovered := 0
	if good > 0 {
		recovered = len(s.index)
	}
	return &Problem{Recovered: recovered, MovedTo: moved}, nil
}

// parse applies every readable line; it reports how many lines were good
// and whether anything other than a torn last line was unreadable. A torn
// last line, the mark of a write that never finished, is left out of
// s.size so that the next line is written over it.
func (s *Store) parse(r *bufio.Reader) (good int, bad bool, err error) {
	var scratch []byte
	raw, err := readLine(r, &scratch)
	var h header
	if err != nil || json.Unmarshal(raw, &h) != nil || h.Haul != "queue" || h.Version != formatVersion {
		return 0, true, ignoreEOF(err)
	}
	s.size = int64(len(raw))
	for {
		raw, err := readLine(r, &scratch)
		if err != nil {
			s.lines = good
			return good, bad, ignoreEOF(err)
		}
		var l lineHead
		if json.Unmarshal(raw, &l) != nil || l.URL == "" {
			bad = true
		} else {
			s.apply(l.URL, l.Removed, s.size, len(raw))
			good++
		}
		s.size += int64(len(raw))
	}
}

// readLine returns the next whole line with its newline; what is left
// without a newline at the end of the file is io.EOF, like nothing at all.
func readLine(r *bufio.Reader, scratch *[]byte) ([]byte, error) {
	raw, err := r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		*scratch = append((*scratch)[:0], raw...)
		for errors.Is(err, bufio.ErrBufferFull) {
			raw, err = r.ReadSlice('\n')
			*scratch = append(*scratch, raw...)
		}
		raw = *scratch
	}
	return raw, err
}

func ignoreEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// keepCopy copies the whole of f to a new file at path.
func keepCopy(f *os.File, path string) error {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, f)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}
