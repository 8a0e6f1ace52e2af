//go:build unix

package downloader

import (
	"errors"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// noFollow makes opening a symbolic link fail instead of following it.
const noFollow = syscall.O_NOFOLLOW

// isLink says an open with noFollow failed because the path is a symbolic link.
func isLink(err error) bool { return errors.Is(err, syscall.ELOOP) }

// partTagName is the extended attribute that names the link a temporary
// file belongs to.
const partTagName = "user.haul.link"

// tagPart notes on a new temporary file which link it belongs to, so that
// a later run can recognise it even when the queue was lost. File systems
// without extended attributes simply keep no note.
func tagPart(path, link string) {
	_ = unix.Setxattr(path, partTagName, []byte(link), 0) // best effort: without the note a leftover is left alone
}

// removeLeftover removes the temporary file at path when Haul left it for
// link; it reports whether it did.
func removeLeftover(path, link string) bool {
	buf := make([]byte, len(link)+1)
	n, err := unix.Lgetxattr(path, partTagName, buf)
	if err != nil || string(buf[:n]) != link {
		return false
	}
	return os.Remove(path) == nil
}
