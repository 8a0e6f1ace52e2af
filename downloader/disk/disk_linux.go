package disk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// CanSyncFS says this system can flush a whole file system in one call.
const CanSyncFS = true

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

// CreateUnnamedOS makes a file without a name in dir (O_TMPFILE): it
// vanishes with its last open handle unless linkUnnamed gives it a name.
// File systems that cannot hold one, and kernels older than 3.11, answer
// with an error wrapping ErrNoUnnamed.
func CreateUnnamedOS(dir string) (*os.File, error) {
	fd, err := unix.Open(dir, unix.O_WRONLY|unix.O_TMPFILE|unix.O_CLOEXEC, 0o644)
	if err != nil {
		if errors.Is(err, unix.EOPNOTSUPP) || errors.Is(err, unix.EISDIR) || errors.Is(err, unix.EINVAL) {
			err = fmt.Errorf("%w: %w", ErrNoUnnamed, err)
		}
		return nil, fmt.Errorf("create a file in %s: %w", dir, err)
	}
	return os.NewFile(uintptr(fd), dir), nil
}

// linkUnnamed gives a file made by CreateUnnamedOS the name final, never
// replacing a file of that name (fs.ErrExist). It goes through
// /proc/self/fd, which needs no privilege, and, without /proc, through
// AT_EMPTY_PATH; when neither is allowed it returns ErrNoUnnamed.
func linkUnnamed(f *os.File, final string) error {
	fd := int(f.Fd())
	err := unix.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(fd), unix.AT_FDCWD, final, unix.AT_SYMLINK_FOLLOW)
	if errors.Is(err, unix.ENOENT) || errors.Is(err, unix.EACCES) {
		err = unix.Linkat(fd, "", unix.AT_FDCWD, final, unix.AT_EMPTY_PATH)
		if errors.Is(err, unix.ENOENT) || errors.Is(err, unix.EPERM) {
			err = fmt.Errorf("%w: %w", ErrNoUnnamed, err)
		}
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EEXIST):
		return fmt.Errorf("save %s: %w", final, fs.ErrExist)
	}
	return fmt.Errorf("save %s: %w", final, err)
}
