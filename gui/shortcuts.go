package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// shortcut is one keyboard command of the window.
type shortcut struct {
	key    fyne.KeyName
	mod    fyne.KeyModifier
	action func()
}

// shortcuts lists the window's keyboard commands; Ctrl is Cmd on macOS.
func (u *UI) shortcuts() []shortcut {
	ctrl := fyne.KeyModifierShortcutDefault
	return []shortcut{
		{fyne.KeyO, ctrl, u.OpenList},
		{fyne.KeyF, ctrl, u.FindImages},
		{fyne.KeyReturn, ctrl, u.Start},
		{fyne.KeyEnter, ctrl, u.Start},
		{fyne.KeyP, ctrl, u.PauseAll},
		{fyne.KeyR, ctrl, u.RetryFailed},
		{fyne.KeyE, ctrl, u.ExportReport},
		{fyne.KeyO, ctrl | fyne.KeyModifierShift, u.OpenFolder},
	}
}

// addShortcuts wires the keyboard: Ctrl+V pastes links, Esc closes the
// picture dialogs or else stops, and the commands listed in shortcuts.
func (u *UI) addShortcuts() {
	c := u.win.Canvas()
	c.AddShortcut(&fyne.ShortcutPaste{}, func(fyne.Shortcut) { u.Paste() })
	for _, s := range u.shortcuts() {
		action := s.action
		c.AddShortcut(&desktop.CustomShortcut{KeyName: s.key, Modifier: s.mod}, func(fyne.Shortcut) { action() })
	}
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape && !u.closePictureDialogs() {
			u.Stop()
		}
	})
}

// closePictureDialogs closes the find dialog or the picker, and reports
// whether one was open.
func (u *UI) closePictureDialogs() bool {
	switch {
	case u.picker != nil:
		u.picker.close()
	case u.finder != nil:
		u.finder.close()
	default:
		return false
	}
	return true
}
