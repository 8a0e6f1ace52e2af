package queue

import (
	"fmt"
	"os"
)

// LockFolder makes the store also hold the output folder dir for as long
// as it stays open: a second Haul that tries to download into the same
// folder gets ErrInUse, whatever path leads it there (a symbolic link,
// another spelling) and whatever queue file it uses, because the lock is
// on the folder itself. The folder is created when missing. Where the
// system cannot lock folders it only checks that dir is a folder.
func (s *Store) LockFolder(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("lock folder %s: %w", dir, err)
	}
	f, err := lockFolder(dir)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.folder = f
	return nil
}
