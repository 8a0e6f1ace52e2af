package schedule

import (
	"fmt"

	"github.com/godbus/dbus/v5"
)

// Sleep asks logind to suspend the computer.
func (osSystem) Sleep() error { return logind("Suspend") }

// ShutDown asks logind to power the computer off.
func (osSystem) ShutDown() error { return logind("PowerOff") }

// logind calls a method of logind's manager on the system bus, without
// asking the user anything more.
func logind(method string) error {
	conn, err := dbus.ConnectSystemBus()
	if err != nil {
		return fmt.Errorf("%s: no system bus: %w", method, err)
	}
	defer conn.Close()
	obj := conn.Object("org.freedesktop.login1", "/org/freedesktop/login1")
	if err := obj.Call("org.freedesktop.login1.Manager."+method, 0, false).Err; err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	return nil
}
