package schedule

import (
	"fmt"
	"os/exec"
)

// Sleep puts the computer to sleep.
func (osSystem) Sleep() error {
	return run("rundll32.exe", "powrprof.dll,SetSuspendState", "0,1,0")
}

// ShutDown shuts the computer down at once.
func (osSystem) ShutDown() error { return run("shutdown", "/s", "/t", "0") }

// run runs a system command.
func run(name string, args ...string) error {
	if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %w: %s", name, err, out)
	}
	return nil
}
