//go:build linux || freebsd || openbsd || netbsd || dragonfly

package gui

import (
	"os"
	"os/exec"
	"path/filepath"
)

// trayHostReachable reports whether a session bus can be reached, the only
// way a tray icon is shown on these systems. Without one Fyne's tray
// crashes the app when it quits (fyne-io/fyne#6403), so Haul then has no
// tray icon and closing the window quits.
func trayHostReachable() bool {
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") != "" {
		return true
	}
	if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		if fi, err := os.Stat(filepath.Join(dir, "bus")); err == nil && fi.Mode()&os.ModeSocket != 0 {
			return true
		}
	}
	_, err := exec.LookPath("dbus-launch")
	return err == nil
}
