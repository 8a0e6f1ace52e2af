// Package dirsync makes a folder's entries durable. The engine and the saved
// queue both need it; it imports nothing of either.
package dirsync

import (
	"fmt"
	"os"
	"runtime"
)

// Sync makes the entries of a folder durable: a file linked, renamed or
// created in it is still there after a power cut. Windows cannot sync a
// folder (its file system logs names itself), so there it does nothing.
func Sync(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync folder %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("sync folder %s: %w", dir, err)
	}
	return nil
}
