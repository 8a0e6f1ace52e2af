package queue

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// LockFolder makes the store also hold the output folder dir, for the
// program h, for as long as it stays open: a second Haul that tries to
// download into the same folder gets an *InUseError (wrapping ErrInUse)
// that says which program holds it, whatever path leads it there (a
// symbolic link, another spelling) and whatever queue file it uses,
// because the lock is on the folder itself. The folder is created when
// missing. Where the system cannot lock folders it only checks that dir
// is a folder.
func (s *Store) LockFolder(dir string, h Holder) error {
	f, err := holdFolder(dir, h)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.folder = f
	return nil
}

// HoldFolder holds the output folder dir for the program h as LockFolder
// does, for a run that keeps no queue or a window that may save into
// several folders, until the returned Closer is closed.
func HoldFolder(dir string, h Holder) (io.Closer, error) {
	f, err := holdFolder(dir, h)
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

// holdFolder creates dir when missing, locks it and notes that h holds
// it; a folder another program holds is an *InUseError naming it.
func holdFolder(dir string, h Holder) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("lock folder %s: %w", dir, err)
	}
	f, err := lockFolder(dir)
	switch {
	case errors.Is(err, ErrInUse):
		return nil, &InUseError{Dir: dir, Holder: heldBy(dir)}
	case err == nil:
		noteHolder(dir, h)
	}
	return f, err
}
