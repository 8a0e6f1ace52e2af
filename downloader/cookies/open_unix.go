//go:build unix

package cookies

import (
	"os"
	"syscall"
)

// openFlags opens without waiting: opening a named pipe for reading
// otherwise blocks until something writes to it.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK
