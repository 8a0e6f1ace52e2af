// Command mkicon draws Haul's application icon, a white arrow pointing down
// into a tray on a blue rounded square, and writes it as a PNG file.
//
// Usage:
//
//	go run ./tools/mkicon -o assets/icon.png -size 512
package main

import (
	"flag"
	"fmt"
	"image/png"
	"os"
)

func main() {
	out := flag.String("o", "assets/icon.png", "PNG file to write")
	size := flag.Int("size", 512, "width and height of the icon in pixels")
	flag.Parse()
	if err := writeIcon(*out, *size); err != nil {
		fmt.Fprintln(os.Stderr, "mkicon:", err)
		os.Exit(1)
	}
}

// writeIcon draws the icon at the given size and saves it to path.
func writeIcon(path string, size int) error {
	if size < 16 {
		return fmt.Errorf("icon size %d is too small: use at least 16 pixels", size)
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	if err := png.Encode(f, drawIcon(size)); err != nil {
		f.Close()
		return fmt.Errorf("encode %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", path, err)
	}
	return nil
}
