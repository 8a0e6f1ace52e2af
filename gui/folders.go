package gui

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// defaultFolder is where downloads go until the user picks a folder: a
// "Haul" folder inside the user's pictures folder.
func defaultFolder() string {
	return filepath.Join(picturesFolder(), "Haul")
}

// picturesFolder finds the platform's pictures folder: XDG_PICTURES_DIR or
// the user-dirs.dirs entry on Linux and BSD, ~/Pictures elsewhere.
func picturesFolder() string {
	home, err := os.UserHomeDir()
	if err != nil {
		home = "."
	}
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		return filepath.Join(home, "Pictures")
	}
	if dir := os.Getenv("XDG_PICTURES_DIR"); dir != "" {
		return dir
	}
	if dir := xdgUserDir(home, "XDG_PICTURES_DIR"); dir != "" {
		return dir
	}
	return filepath.Join(home, "Pictures")
}

// xdgUserDir reads one entry of ~/.config/user-dirs.dirs, or returns "".
func xdgUserDir(home, key string) string {
	config := os.Getenv("XDG_CONFIG_HOME")
	if config == "" {
		config = filepath.Join(home, ".config")
	}
	f, err := os.Open(filepath.Join(config, "user-dirs.dirs"))
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, value, ok := strings.Cut(strings.TrimSpace(sc.Text()), "=")
		if !ok || name != key {
			continue
		}
		value = strings.Trim(value, `"`)
		value = strings.Replace(value, "$HOME", home, 1)
		if filepath.IsAbs(value) && value != home {
			return value
		}
	}
	return ""
}

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
