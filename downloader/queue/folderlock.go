package queue

import (
	"fmt"
	"io"
	"os"
)

// LockFolder makes the store also hold the output folder dir for as long
// as it stays open: a second Haul that tries to download into the same
// folder gets ErrInUse, whatever path leads it there (a symbolic link,
// another spelling) and whatever queue file it uses, because the lock is
// on the folder itself. The folder is created when missing. Where the
// system cannot lock folders it only checks that dir is a folder.
func (s *Store) LockFolder(dir string) error {
	f, err := holdFolder(dir)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.folder = f
	return nil
}

// HoldFolder holds the output folder dir as LockFolder does, for a run that
// keeps no queue, until the returned Closer is closed.
func HoldFolder(dir string) (io.Closer, error) {
	f, err := holdFolder(dir)
	if err != nil {
		return nil, err
	}
	return heldFolder{f}, nil
}

// heldFolder releases a folder's lock when closed; f is nil where the
// system cannot lock folders.
type heldFolder struct{ f *os.File }

func (h heldFolder) Close() error {
	if h.f == nil {
		return nil
	}
	return h.f.Close()
}

// holdFolder creates dir when missing and locks it.
func holdFolder(dir string) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("lock folder %s: %w", dir, err)
	}
	return lockFolder(dir)
}
