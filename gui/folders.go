package gui

import (
	"net/url"
	"path/filepath"
	"strings"

	"haul/internal/userdirs"
)

// defaultFolder is where downloads go until the user picks a folder: a
// "Haul" folder inside the user's pictures folder.
func defaultFolder() string {
	return filepath.Join(picturesFolder(), "Haul")
}

// picturesFolder is the platform's pictures folder.
func picturesFolder() string { return userdirs.Pictures() }

// fileURL turns a local path into a file:// URL for App.OpenURL.
func fileURL(path string) *url.URL {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	slashed := filepath.ToSlash(path)
	if !strings.HasPrefix(slashed, "/") {
		slashed = "/" + slashed
	}
	return &url.URL{Scheme: "file", Path: slashed}
}
