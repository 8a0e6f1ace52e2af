//go:build unix

package downloader

import (
	"errors"
	"syscall"
)

// noFollow makes opening a symbolic link fail instead of following it.
const noFollow = syscall.O_NOFOLLOW

// isLink says an open with noFollow failed because the path is a symbolic link.
func isLink(err error) bool { return errors.Is(err, syscall.ELOOP) }
