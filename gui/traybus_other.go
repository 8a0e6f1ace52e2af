//go:build !(linux || freebsd || openbsd || netbsd || dragonfly)

package gui

// trayHostReachable reports whether the system can show a tray icon; on
// Windows and macOS it always can.
func trayHostReachable() bool { return true }
