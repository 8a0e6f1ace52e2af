//go:build windows

package cli

import (
	"os/exec"
	"syscall"
)

// Process creation flags of Windows.
const (
	createNewProcessGroup  = 0x00000200
	detachedProcess        = 0x00000008
	createBreakawayFromJob = 0x01000000
)

// startDetached starts cmd outside the host's console and, where the
// browser allows it, outside the job the browser ends with the host.
func startDetached(cmd *exec.Cmd) error {
	flags := uint32(createNewProcessGroup | detachedProcess)
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: flags | createBreakawayFromJob}
	if err := cmd.Start(); err == nil {
		return nil
	}
	retry := exec.Command(cmd.Path, cmd.Args[1:]...)
	retry.SysProcAttr = &syscall.SysProcAttr{CreationFlags: flags}
	*cmd = *retry
	return cmd.Start()
}
