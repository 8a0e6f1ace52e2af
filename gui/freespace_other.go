//go:build !unix && !windows

package gui

// freeSpace is unknown on this system.
func freeSpace(string) (int64, bool) { return 0, false }
