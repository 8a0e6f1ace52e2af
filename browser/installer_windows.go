//go:build windows

package browser

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/windows/registry"
)

// UserInstaller registers the running haul program for this user: manifests
// in %LocalAppData%\Haul and keys under HKEY_CURRENT_USER.
func UserInstaller() (Installer, error) {
	exe, err := os.Executable()
	if err != nil {
		return Installer{}, fmt.Errorf("find the haul program: %w", err)
	}
	local, err := os.UserCacheDir()
	if err != nil {
		return Installer{}, fmt.Errorf("find the local application data folder: %w", err)
	}
	roaming, err := os.UserConfigDir()
	if err != nil {
		return Installer{}, fmt.Errorf("find the application data folder: %w", err)
	}
	return Installer{Exe: exe, Windows: true, DataDir: filepath.Join(local, "Haul"), LocalAppData: local, AppData: roaming,
		Registry: userRegistry{}}, nil
}

// userRegistry is HKEY_CURRENT_USER.
type userRegistry struct{}

// SetDefault makes value the default value of key, creating the key.
func (userRegistry) SetDefault(key, value string) error {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, key, registry.SET_VALUE)
	if err != nil {
		return fmt.Errorf("create HKCU\\%s: %w", key, err)
	}
	defer k.Close()
	if err := k.SetStringValue("", value); err != nil {
		return fmt.Errorf("set HKCU\\%s: %w", key, err)
	}
	return nil
}

// DeleteKey removes key and says whether it was there; a key that is not
// there is no error.
func (userRegistry) DeleteKey(key string) (bool, error) {
	err := registry.DeleteKey(registry.CURRENT_USER, key)
	if errors.Is(err, registry.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("delete HKCU\\%s: %w", key, err)
	}
	return true, nil
}

// appPaths is where Windows lists installed programs by their file name.
const appPaths = `Software\Microsoft\Windows\CurrentVersion\App Paths\`

// Installed says whether program is listed under App Paths, for this user
// or for everyone.
func (userRegistry) Installed(program string) bool {
	for _, root := range []registry.Key{registry.CURRENT_USER, registry.LOCAL_MACHINE} {
		k, err := registry.OpenKey(root, appPaths+program, registry.QUERY_VALUE)
		if err == nil {
			k.Close()
			return true
		}
	}
	return false
}
