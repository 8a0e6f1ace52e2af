//go:build windows

package instance

// privateRuntimeDir is "": on Windows the socket is a named pipe.
func privateRuntimeDir() string { return "" }
