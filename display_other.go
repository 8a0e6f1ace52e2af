//go:build !nogui && !(linux || freebsd || netbsd || openbsd || dragonfly)

package main

// haveDisplay says whether a desktop is there to show the window on; on
// macOS and Windows there always is one.
func haveDisplay() bool { return true }
