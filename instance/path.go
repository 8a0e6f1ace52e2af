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
// listens (one Haul per saved queue): in $XDG_RUNTIME_DIR/haul (a folder
// that is the user's alone) where there is one, named after the settings
// folder, else in Haul's folder of the user's settings or, on Windows, of
// the user's local application data.
func DefaultPath() (string, error) {
	config, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the folder for Haul's socket: %w", err)
	}
	if runtime.GOOS == "windows" {
		local, err := os.UserCacheDir() // %LocalAppData%, which is not roamed
		if err != nil {
			return "", fmt.Errorf("find the folder for Haul's socket: %w", err)
		}
		return filepath.Join(local, "Haul", "run", "haul.sock"), nil
	}
	if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		sum := sha256.Sum256([]byte(config))
		return filepath.Join(dir, "haul", hex.EncodeToString(sum[:6])+".sock"), nil
	}
	return filepath.Join(config, "haul", "run", "haul.sock"), nil
}
