//go:build windows

package render

import (
	"os"

	"golang.org/x/sys/windows"
)

// lockFile takes an exclusive lock on path, made when create is set, for
// as long as the returned file stays open; the system drops it when the
// process dies. It fails at once when another process holds it.
func lockFile(path string, create bool) (*os.File, error) {
	flags := os.O_RDWR
	if create {
		flags |= os.O_CREATE | os.O_EXCL
	}
	f, err := os.OpenFile(path, flags, 0o600)
	if err != nil {
		return nil, err
	}
	var ol windows.Overlapped
	err = windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
