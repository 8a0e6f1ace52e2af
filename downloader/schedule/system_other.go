//go:build !linux && !windows

package schedule

import (
	"fmt"
	"os/exec"
)

// Sleep puts the computer to sleep.
func (osSystem) Sleep() error { return run("pmset", "sleepnow") }

// ShutDown asks the system to shut down.
func (osSystem) ShutDown() error {
	return run("osascript", "-e", `tell application "System Events" to shut down`)
}

// run runs a system command.
func run(name string, args ...string) error {
	if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %w: %s", name, err, out)
	}
	return nil
}
