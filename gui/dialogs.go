package gui

import (
	"slices"

	"fyne.io/fyne/v2/dialog"
)

// openDialog is one dialog on screen and the way to close it.
type openDialog struct{ close func() }

// showDialog shows d and remembers it until it closes, so Esc can close it.
func (u *UI) showDialog(d dialog.Dialog) {
	u.trackDialog(d.Hide, d.SetOnClosed)
	d.Show()
}

// trackDialog remembers an open dialog: close closes it, and onClosed
// registers what to run once it is closed however that happens.
func (u *UI) trackDialog(close func(), onClosed func(func())) {
	od := &openDialog{close: close}
	u.dialogs = append(u.dialogs, od)
	onClosed(func() {
		u.dialogs = slices.DeleteFunc(u.dialogs, func(x *openDialog) bool { return x == od })
	})
}

// closeTopDialog closes the dialog opened last and reports whether one was open.
func (u *UI) closeTopDialog() bool {
	if len(u.dialogs) == 0 {
		return false
	}
	u.dialogs[len(u.dialogs)-1].close()
	return true
}
