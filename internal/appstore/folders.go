package appstore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Dir is where the window keeps its preferences and files: "window" in
// Haul's folder of the user's settings (%AppData%\haul on Windows,
// ~/.config/haul on Linux), where the command line keeps its own.
func Dir() (string, error) {
	config, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the folder of Haul's settings: %w", err)
	}
	return filepath.Join(config, "haul", "window"), nil
}

// fyneRoot is the folder Fyne 2.7 keeps every app's settings in: "fyne" in
// %AppData% (found from the home folder, as Fyne does) on Windows, in
// ~/Library/Preferences on macOS, in the user's settings folder elsewhere.
func fyneRoot() (string, error) {
	switch runtime.GOOS {
	case "windows", "darwin":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		if runtime.GOOS == "darwin" {
			return filepath.Join(home, "Library", "Preferences", "fyne"), nil
		}
		return filepath.Join(home, "AppData", "Roaming", "fyne"), nil
	}
	config, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(config, "fyne"), nil
}

// FyneDir is the folder Fyne keeps the app appID's preferences and files
// in.
func FyneDir(appID string) (string, error) {
	root, err := fyneRoot()
	if err != nil {
		return "", fmt.Errorf("find Fyne's settings folder: %w", err)
	}
	return filepath.Join(root, appID), nil
}

// documents is the folder Fyne makes for an app's documents, which Haul
// has none of.
const documents = "Documents"

// Move moves what is in the folder from (Fyne's, where an earlier Haul
// kept the window's preferences, list and network settings) into dir, and
// removes from once it is empty. A file dir already has is left where it
// is, never written over; from is then kept, so nothing is lost.
func Move(from, dir string) error {
	entries, err := os.ReadDir(from)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("move Haul's settings from %s: %w", from, err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("move Haul's settings to %s: %w", dir, err)
	}
	for _, e := range entries {
		if e.Name() == documents {
			continue
		}
		to := filepath.Join(dir, e.Name())
		if _, err := os.Lstat(to); err == nil {
			continue
		}
		if err := os.Rename(filepath.Join(from, e.Name()), to); err != nil {
			return fmt.Errorf("move Haul's settings to %s: %w", dir, err)
		}
	}
	Tidy(from)
	return nil
}

// Tidy removes what Fyne makes in its folder from on every run of the app
// when the app keeps its settings elsewhere: a preferences file with no
// preference in it, an empty Documents folder, then from itself and Fyne's
// folder above it when they are empty. Anything else stays.
//
// Fyne watches both folders until Haul ends, and Windows removes a folder
// that is still open only once it is closed: until then it keeps the
// folder above from being empty. So the empty folder from is first moved
// to the temporary folder, where it goes when Haul ends, and Fyne's folder
// above then goes too.
func Tidy(from string) {
	root := filepath.Dir(from)
	prefs := filepath.Join(from, preferencesFile)
	if values, err := readValues(prefs); err == nil && len(values) == 0 {
		os.Remove(prefs)
	}
	os.Remove(filepath.Join(from, documents))
	if entries, err := os.ReadDir(from); err == nil && len(entries) == 0 {
		aside := filepath.Join(os.TempDir(), fmt.Sprintf("haul-fyne-%d", os.Getpid()))
		if os.Rename(from, aside) == nil {
			from = aside
		}
	}
	os.Remove(from)
	os.Remove(root)
}
