// Package userdirs finds the user's folders the way the desktop names
// them, for the window and the command line alike.
package userdirs

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Pictures finds the platform's pictures folder: XDG_PICTURES_DIR or
// the user-dirs.dirs entry on Linux and BSD, ~/Pictures elsewhere.
func Pictures() string {
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
