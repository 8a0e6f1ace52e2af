package instance

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// DefaultPath is where the running Haul of this user and settings folder
// listens (one Haul per saved queue): in $XDG_RUNTIME_DIR/haul, named after
// the settings folder, where that is a real folder of the user's own that
// no one else may open; else in Haul's folder of the user's settings. On
// Windows, a named pipe named after the settings folder.
func DefaultPath() (string, error) {
	config, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the folder for Haul's socket: %w", err)
	}
	sum := sha256.Sum256([]byte(config))
	if runtime.GOOS == "windows" {
		// Pipes are named machine-wide: the user's settings folder names
		// the user, and dial checks the pipe is the user's own.
		return `\\.\pipe\haul-` + hex.EncodeToString(sum[:8]), nil
	}
	if dir := privateRuntimeDir(); dir != "" {
		return filepath.Join(dir, "haul", hex.EncodeToString(sum[:6])+".sock"), nil
	}
	return filepath.Join(config, "haul", "run", "haul.sock"), nil
}
