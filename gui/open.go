package gui

import (
	"errors"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2/lang"

	"haul/gui/kit"
	"haul/i18n"
)

// openPath opens a saved file with the system's default program.
func (u *UI) openPath(path string) {
	u.openURL(path)
}

// showInFolder opens the folder that holds a saved file.
func (u *UI) showInFolder(path string) {
	u.openURL(filepath.Dir(path))
}

// openURL hands a local file or folder to the system; a folder that does
// not exist yet is created first so the file manager has something to show.
func (u *UI) openURL(path string) {
	if path == "" {
		return
	}
	if _, err := os.Stat(path); os.IsNotExist(err) && path == u.m.Dir() {
		if err := os.MkdirAll(path, 0o755); err != nil {
			u.showError(errors.New(lang.X("open.mkdir", "Could not create the folder {{.Path}}: {{.Error}}",
				kit.Data{"Path": path, "Error": i18n.ErrorText(kit.Tr, err)})))
			return
		}
	}
	if err := u.env.open(fileURL(path)); err != nil {
		u.showError(errors.New(lang.X("open.failed", "Could not open {{.Path}}: {{.Error}}",
			kit.Data{"Path": path, "Error": i18n.ErrorText(kit.Tr, err)})))
	}
}
