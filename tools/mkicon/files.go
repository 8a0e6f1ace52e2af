package main

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
)

// hicolorSizes are the icon sizes desktops look for in the hicolor theme.
var hicolorSizes = []int{16, 24, 32, 48, 64, 128, 256, 512}

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

// writeHicolor writes the icon as root/NxN/apps/name.png for every size in
// hicolorSizes.
func writeHicolor(root, name string) error {
	for _, size := range hicolorSizes {
		dir := filepath.Join(root, fmt.Sprintf("%dx%d", size, size), "apps")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("create %s: %w", dir, err)
		}
		if err := writeIcon(filepath.Join(dir, name+".png"), size); err != nil {
			return err
		}
	}
	return nil
}

// writeICOFile writes the icon at every size in icoSizes to path as a
// Windows .ico file.
func writeICOFile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	if err := writeICO(f, icoSizes); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", path, err)
	}
	return nil
}
