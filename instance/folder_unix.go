//go:build !windows

package instance

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
)

// playedUser, when not 0, is one more than the user ID tests make Haul
// take itself for, to play another user's part on one machine.
var playedUser atomic.Uint32

// userID is the user Haul runs as, whose own the socket, its folder and
// the program at its other end must be.
func userID() uint32 {
	if u := playedUser.Load(); u != 0 {
		return u - 1
	}
	return uint32(os.Getuid())
}

// privateRuntimeDir is $XDG_RUNTIME_DIR when it is a real folder (not a
// link to one) of the user's own that no one else may open, as the
// desktop makes it; "" otherwise, when Haul keeps its socket in its
// settings folder instead: another user who could write there could
// plant a socket or a link under Haul's name.
func privateRuntimeDir() string {
	dir := os.Getenv("XDG_RUNTIME_DIR")
	if dir == "" || !filepath.IsAbs(dir) {
		return ""
	}
	fi, err := os.Lstat(dir)
	if err != nil || !fi.IsDir() || fi.Mode().Perm()&0o077 != 0 {
		return ""
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); !ok || st.Uid != userID() {
		return ""
	}
	return dir
}

// errNotPrivate says the socket's folder is not the user's alone.
var errNotPrivate = errors.New("it is not a folder of this user's own")

// privateFolder makes dir, the socket's folder, a real folder of the
// user's own that only they can open (0700): made when missing, made
// private when it was not. It is opened once, without following a link,
// and checked and changed through that handle, so a link or a folder
// swapped in meanwhile is never changed: a folder that is a link, or is
// another user's, is refused.
func privateFolder(dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return fmt.Errorf("make the folder for Haul's socket: %w", err)
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("make the folder for Haul's socket: %w", err)
	}
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("open the folder for Haul's socket %s: %w (%w)", dir, errNotPrivate, err)
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return fmt.Errorf("check the folder for Haul's socket %s: %w", dir, err)
	}
	if st.Uid != userID() {
		return fmt.Errorf("the folder for Haul's socket %s: %w: it belongs to user %d", dir, errNotPrivate, st.Uid)
	}
	if st.Mode&0o077 != 0 {
		if err := syscall.Fchmod(fd, 0o700); err != nil {
			return fmt.Errorf("keep the folder for Haul's socket private: %w", err)
		}
	}
	return nil
}
