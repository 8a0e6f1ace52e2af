//go:build windows

package queue

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// lockFile takes an exclusive lock on path (created when missing) for as
// long as the returned file stays open; the system drops it if the process dies.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	var ol windows.Overlapped
	err = windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if err != nil {
		f.Close()
		if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
			return nil, ErrInUse
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return f, nil
}

// lockFolder holds the folder through a lock file named after the folder's
// identity (its volume's serial number and its file index) in the user's
// local app data: every path to the folder (another spelling or letter
// case, a junction, a mapped drive) finds the same lock, and the system
// drops it if the process dies. Locking the folder itself would keep
// Explorer and every other program out of it.
func lockFolder(dir string) (*os.File, error) {
	id, err := folderID(dir)
	if err != nil {
		return nil, fmt.Errorf("lock folder %s: %w", dir, err)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return nil, fmt.Errorf("lock folder %s: %w", dir, err)
	}
	locks := filepath.Join(base, "Haul", "folders")
	if err := os.MkdirAll(locks, 0o700); err != nil {
		return nil, fmt.Errorf("lock folder %s: %w", dir, err)
	}
	f, err := lockFile(filepath.Join(locks, id+".lock"))
	if err != nil && !errors.Is(err, ErrInUse) {
		return nil, fmt.Errorf("lock folder %s: %w", dir, err)
	}
	return f, err
}

// folderID names the folder dir by what Windows knows it as, whichever
// path leads there: its volume's serial number and its file index.
func folderID(dir string) (string, error) {
	name, err := windows.UTF16PtrFromString(dir)
	if err != nil {
		return "", err
	}
	share := uint32(windows.FILE_SHARE_READ | windows.FILE_SHARE_WRITE | windows.FILE_SHARE_DELETE)
	h, err := windows.CreateFile(name, 0, share, nil, windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return "", err
	}
	defer windows.CloseHandle(h)
	var info windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(h, &info); err != nil {
		return "", err
	}
	return fmt.Sprintf("%08x-%08x%08x", info.VolumeSerialNumber, info.FileIndexHigh, info.FileIndexLow), nil
}

// folderKey names the folder dir by its identity, whichever path leads
// there (see folderID).
func folderKey(dir string) (string, error) { return folderID(dir) }
