//go:build !windows

package cli

import (
	"os/exec"
	"syscall"
)

// startDetached starts cmd as a session of its own, which the browser does
// not end with the host, with no terminal or pipe of the host's.
func startDetached(cmd *exec.Cmd) error {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	return cmd.Start()
}
