//go:build !nogui

package main

// canOpenWindow says whether the browser's host may start Haul's window:
// there is a desktop to show it on.
func canOpenWindow() bool { return haveDisplay() }
