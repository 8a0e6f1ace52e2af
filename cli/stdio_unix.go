//go:build unix

package cli

import "golang.org/x/sys/unix"

// stdioBroken says standard output or standard error is a pipe whose
// reader has gone: polling it for writing then reports an error or a
// hang-up, where a terminal, a file or a pipe still read reports neither.
func stdioBroken() bool {
	fds := []unix.PollFd{{Fd: 1, Events: unix.POLLOUT}, {Fd: 2, Events: unix.POLLOUT}}
	if _, err := unix.Poll(fds, 0); err != nil {
		return false
	}
	for _, fd := range fds {
		if fd.Revents&(unix.POLLERR|unix.POLLHUP) != 0 {
			return true
		}
	}
	return false
}
