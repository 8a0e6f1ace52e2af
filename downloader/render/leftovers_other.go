//go:build !linux

package render

// killBrowsersIn does nothing off Linux: there the browser's helpers end
// with it.
func killBrowsersIn(string) {}
