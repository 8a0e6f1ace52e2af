//go:build !windows

package browser

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// UserInstaller registers the running haul program for this user: a
// manifest in each browser's folder of native messaging hosts (under
// ~/.config, ~/.mozilla, or on macOS ~/Library/Application Support).
func UserInstaller() (Installer, error) {
	exe, err := os.Executable()
	if err != nil {
		return Installer{}, fmt.Errorf("find the haul program: %w", err)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return Installer{}, fmt.Errorf("find your home folder: %w", err)
	}
	if runtime.GOOS == "darwin" {
		return Installer{Exe: exe, Home: home, ConfigHome: filepath.Join(home, "Library", "Application Support"), Mac: true}, nil
	}
	config := os.Getenv("XDG_CONFIG_HOME")
	if config == "" {
		config = filepath.Join(home, ".config")
	}
	return Installer{Exe: exe, Home: home, ConfigHome: config}, nil
}
