package gui

import (
	"runtime"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// shortcut is one keyboard command of the window.
type shortcut struct {
	key    fyne.KeyName
	mod    fyne.KeyModifier
	action func()
}

// Modifiers of the window's shortcuts; Ctrl is Cmd on macOS.
const (
	ctrlKey      = fyne.KeyModifierShortcutDefault
	ctrlShiftKey = fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift
)

// shortcuts lists the window's keyboard commands.
func (u *UI) shortcuts() []shortcut {
	return []shortcut{
		{fyne.KeyO, ctrlKey, u.intake.OpenList},
		{fyne.KeyF, ctrlKey, u.FindImages},
		{fyne.KeyReturn, ctrlKey, u.batch.Start},
		{fyne.KeyEnter, ctrlKey, u.batch.Start},
		{fyne.KeyP, ctrlKey, u.batch.PauseAll},
		{fyne.KeyS, ctrlShiftKey, u.batch.Stop},
		{fyne.KeyR, ctrlKey, u.batch.RetryFailed},
		{fyne.KeyL, ctrlKey, u.batch.ClearFinished},
		{fyne.KeyC, ctrlShiftKey, u.batch.CopyFailed},
		{fyne.KeyE, ctrlKey, u.batch.ExportReport},
		{fyne.KeyO, ctrlShiftKey, u.batch.OpenFolder},
		{fyne.KeyD, ctrlKey, u.settings.chooseFolder},
		{fyne.KeyComma, ctrlKey, u.settings.showMore},
		{fyne.KeyQ, ctrlKey, u.Quit},
		{fyne.KeyW, ctrlKey, u.win.Close},
	}
}

// windowShortcut runs the window's command for s, when s is one of
// shortcuts, and says whether it was. Fyne hands a shortcut to the widget
// with the keyboard, not to the window: text boxes of the main window call
// this first, so that Ctrl+Enter starts and Ctrl+P pauses while one of
// them has the keyboard, and keep copy, paste and the like for themselves.
func (u *UI) windowShortcut(s fyne.Shortcut) bool {
	typed, ok := s.(*desktop.CustomShortcut)
	if !ok {
		return false
	}
	for _, sc := range u.shortcuts() {
		if sc.key == typed.KeyName && sc.mod == typed.Modifier {
			sc.action()
			return true
		}
	}
	return false
}

// shortcutEntry is a text box of the main window whose window shortcuts
// still work while it has the keyboard (see windowShortcut).
type shortcutEntry struct {
	widget.Entry
	ui *UI
}

func newShortcutEntry(u *UI) *shortcutEntry {
	e := &shortcutEntry{ui: u}
	e.ExtendBaseWidget(e)
	return e
}

// TypedShortcut runs the window's command for the shortcut, when it is
// one, and lets the text box handle every other.
func (e *shortcutEntry) TypedShortcut(s fyne.Shortcut) {
	if e.ui.windowShortcut(s) {
		return
	}
	e.Entry.TypedShortcut(s)
}

// addShortcuts wires the keyboard: Ctrl+V pastes links, Esc closes the
// topmost dialog or stops the batch (see escape), Delete removes the
// chosen rows, and the commands listed
// in shortcuts run from anywhere.
func (u *UI) addShortcuts() {
	c := u.win.Canvas()
	c.AddShortcut(&fyne.ShortcutPaste{}, func(fyne.Shortcut) { u.intake.Paste() })
	c.AddShortcut(&fyne.ShortcutSelectAll{}, func(fyne.Shortcut) { u.picked.pickAll() })
	for _, s := range u.shortcuts() {
		action := s.action
		c.AddShortcut(&desktop.CustomShortcut{KeyName: s.key, Modifier: s.mod}, func(fyne.Shortcut) { action() })
	}
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		switch ev.Name {
		case fyne.KeyEscape:
			u.escape()
		case fyne.KeyDelete:
			u.edits.removeChosen()
		}
	})
}

// escape is Esc wherever no text field has the keyboard: it closes the
// dialog or the pop-up on top, and with none open it stops the batch.
func (u *UI) escape() {
	if u.closeTopDialog() {
		return
	}
	if top := u.win.Canvas().Overlays().Top(); top != nil {
		top.Hide()
		return
	}
	u.batch.Stop()
}

// escSelect is a drop-down list that leaves Esc to the window: a list
// keeps the keyboard once a value is chosen, and Esc must still stop the
// batch or close the dialog.
type escSelect struct {
	widget.Select
	onEscape func()
}

func newEscSelect(options []string, onEscape func()) *escSelect {
	s := &escSelect{onEscape: onEscape}
	s.Options = options
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey hands Esc to the window and lets the list handle every other key.
func (s *escSelect) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		s.onEscape()
		return
	}
	s.Select.TypedKey(ev)
}

// Quit closes the window and ends Haul, keeping the list for next time (Ctrl+Q).
func (u *UI) Quit() {
	u.Close()
	u.app.Quit()
}

// keyText spells a shortcut as people read it: "Ctrl+Shift+O", "Cmd+Enter" on macOS.
func keyText(key fyne.KeyName, mod fyne.KeyModifier) string {
	var parts []string
	if mod&fyne.KeyModifierControl != 0 {
		parts = append(parts, "Ctrl")
	}
	if mod&fyne.KeyModifierSuper != 0 {
		parts = append(parts, superName())
	}
	if mod&fyne.KeyModifierAlt != 0 {
		parts = append(parts, "Alt")
	}
	if mod&fyne.KeyModifierShift != 0 {
		parts = append(parts, "Shift")
	}
	names := map[fyne.KeyName]string{fyne.KeyReturn: "Enter", fyne.KeyEscape: "Esc", fyne.KeyComma: ","}
	name, ok := names[key]
	if !ok {
		name = string(key)
	}
	return strings.Join(append(parts, name), "+")
}

func superName() string {
	if runtime.GOOS == "darwin" {
		return "Cmd"
	}
	return "Super"
}

// withKey adds a shortcut to a tip: "Start all downloads (Ctrl+Enter)".
func withKey(tip string, key fyne.KeyName, mod fyne.KeyModifier) string {
	return tip + " (" + keyText(key, mod) + ")"
}
