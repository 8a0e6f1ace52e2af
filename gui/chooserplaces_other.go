//go:build !windows

package gui

import (
	"os"
	"path/filepath"

	"fyne.io/fyne/v2/lang"
)

// systemPlaces are home, pictures (where the desktop names it), downloads
// and the desktop.
func systemPlaces() []chooserEntry {
	home, _ := os.UserHomeDir()
	out := []chooserEntry{{name: lang.L("Home"), path: home, dir: true}, {name: lang.L("Pictures"), path: picturesFolder(), dir: true}}
	if home != "" {
		out = append(out, chooserEntry{name: lang.L("Downloads"), path: filepath.Join(home, "Downloads"), dir: true},
			chooserEntry{name: lang.L("Desktop"), path: filepath.Join(home, "Desktop"), dir: true})
	}
	return out
}

// systemDrives is empty: "/" is the one root.
func systemDrives() []chooserEntry { return nil }
