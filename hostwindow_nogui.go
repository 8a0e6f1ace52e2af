//go:build nogui

package main

// canOpenWindow is false in a build without a window: the browser's host
// starts "haul serve" instead.
func canOpenWindow() bool { return false }
