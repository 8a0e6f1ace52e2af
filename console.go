//go:build !windows

package main

// attachConsole does nothing outside Windows: the command line's output
// already goes to the terminal Haul was started from.
func attachConsole() {}
