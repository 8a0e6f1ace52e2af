//go:build !windows

package browser

import (
	"fmt"
	"os"
	"path/filepath"
)

// UserInstaller registers the running haul program for this user: a
// manifest in each browser's folder of native messaging hosts.
func UserInstaller() (Installer, error) {
	exe, err := os.Executable()
	if err != nil {
		return Installer{}, fmt.Errorf("find the haul program: %w", err)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return Installer{}, fmt.Errorf("find your home folder: %w", err)
	}
	config := os.Getenv("XDG_CONFIG_HOME")
	if config == "" {
		config = filepath.Join(home, ".config")
	}
	return Installer{Exe: exe, Home: home, ConfigHome: config}, nil
}
