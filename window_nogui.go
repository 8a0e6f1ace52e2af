//go:build nogui

package main

import (
	"fmt"
	"os"
)

// runWindow explains that this build has no window: it was made with
// -tags nogui, without cgo and Fyne, for servers and containers.
func runWindow([]string) int {
	fmt.Fprintln(os.Stderr, "This copy of Haul was built without its window (go build -tags nogui), so it only downloads from the command line.")
	fmt.Fprintln(os.Stderr, `Run "haul get LINKS.txt" to download, or "haul help" to see every option.`)
	return 2
}
