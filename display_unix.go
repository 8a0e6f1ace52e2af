//go:build !nogui && (linux || freebsd || netbsd || openbsd || dragonfly)

package main

import "os"

// haveDisplay says whether a desktop is there to show the window on: an X
// display or a Wayland compositor is named in the environment.
func haveDisplay() bool {
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}
