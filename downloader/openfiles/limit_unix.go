//go:build unix

package openfiles

import (
	"math"
	"syscall"
)

// Limit is the number of files the process may hold open (its soft
// RLIMIT_NOFILE, which Go raises to the hard limit at start), or 0 when it
// cannot be read or is too large to matter.
func Limit() int {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil || l.Cur > math.MaxInt32 {
		return 0
	}
	return int(l.Cur)
}
