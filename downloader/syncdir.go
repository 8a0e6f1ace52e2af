package downloader

import (
	"fmt"
	"os"
	"runtime"
)

// SyncDir makes the entries of a folder durable: a file linked, renamed or
// created in it is still there after a power cut. Windows cannot sync a
// folder (its file system logs names itself), so there it does nothing.
func SyncDir(dir string) error {
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

// syncDir is SyncDir for the output folder, in a group with other files
// and folders being synced at the same time where the system allows.
func (m *Manager) syncDir(dir string) error {
	if !canSyncFS {
		return SyncDir(dir)
	}
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync folder %s: %w", dir, err)
	}
	defer d.Close()
	return m.syncer.sync(d)
}
