package settings

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"haul/downloader"
)

// Host is what the settings need of the window they open in.
type Host struct {
	Win fyne.Window
	// Do runs a function on the UI thread.
	Do     func(func())
	Engine *downloader.Manager
	// ShowDialog shows a dialog that Esc closes.
	ShowDialog func(dialog.Dialog)
	// Notice shows a message in the window's notice line.
	Notice func(string)
	// Changed is told that the network settings changed, so the window can
	// say what is in use; it may be nil.
	Changed func()
}
