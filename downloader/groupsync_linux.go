package downloader

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// canSyncFS says this system can flush a whole file system in one call.
const canSyncFS = true

// syncFS flushes the file system that holds f.
func syncFS(f *os.File) error {
	if err := unix.Syncfs(int(f.Fd())); err != nil {
		return fmt.Errorf("sync %s: %w", f.Name(), err)
	}
	return nil
}

// fileSystemOf identifies the file system that holds f (its device).
func fileSystemOf(f *os.File) uint64 {
	var st unix.Stat_t
	if unix.Fstat(int(f.Fd()), &st) != nil {
		return 0
	}
	return uint64(st.Dev)
}
