//go:build unix

package archive

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used, user and system:
// on a machine busy with other work it grows only with this process's own.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
