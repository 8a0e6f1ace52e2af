//go:build nogui

package main

import (
	"os"

	"haul/cli"
)

// runWindow explains that this build has no window: it was made with
// -tags nogui, without cgo and Fyne, for servers and containers.
func runWindow([]string) int {
	cli.NoWindow(os.Stderr)
	return 2
}
