package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// choiceEntry is a field for a value that is typed or picked from a list,
// such as a speed or a size. A value picked from the list is applied at
// once; typed text only when it is complete, on Enter or when the field
// loses focus, so "2" on the way to "20 MB/s" is never applied.
type choiceEntry struct {
	widget.Entry
	choices []string
	// apply is handed the field's text when it is to be applied.
	apply func(text string)
	// edited says typed text waits to be applied.
	edited bool
	// windowShortcut, when set, runs the window's command for a shortcut
	// typed in the field and says whether there was one.
	windowShortcut func(fyne.Shortcut) bool
}

// TypedShortcut runs the window's command for the shortcut, when it is one
// (Ctrl+Enter starts…), and lets the field handle every other.
func (e *choiceEntry) TypedShortcut(s fyne.Shortcut) {
	if e.windowShortcut != nil && e.windowShortcut(s) {
		return
	}
	e.Entry.TypedShortcut(s)
}

// newChoiceEntry shows text and offers choices; apply is called with the
// text the user settles on.
func newChoiceEntry(text string, choices []string, apply func(text string)) *choiceEntry {
	e := &choiceEntry{choices: choices, apply: apply}
	e.ExtendBaseWidget(e)
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	list := widget.NewButtonWithIcon("", theme.MenuDropDownIcon(), e.showChoices)
	list.Importance = widget.LowImportance
	// The list button is set before any text: setting text draws the
	// field, and a field drawn without it never shows it.
	e.ActionItem = list
	e.SetText(text)
	e.OnChanged = func(string) { e.edited = true }
	e.OnSubmitted = func(string) { e.commit() }
	return e
}

// FocusLost applies what the user typed before leaving the field.
func (e *choiceEntry) FocusLost() {
	e.Entry.FocusLost()
	e.commitTyped()
}

// commitTyped applies the typed text, when some waits; a dialog that holds
// the field calls it as it closes, since closing takes no focus away.
func (e *choiceEntry) commitTyped() {
	if e.edited {
		e.commit()
	}
}

func (e *choiceEntry) commit() {
	e.edited = false
	e.apply(e.Text)
}

// show puts text in the field without applying it.
func (e *choiceEntry) show(text string) {
	e.SetText(text)
	e.edited = false
}

// choose puts a value picked from the list in the field and applies it;
// the field lets go of the keyboard, since nothing is left to type, so Esc
// does what it does in the window again.
func (e *choiceEntry) choose(choice string) {
	e.SetText(choice)
	e.commit()
	if c := fyne.CurrentApp().Driver().CanvasForObject(e); c != nil && c.Focused() == e {
		c.Unfocus()
	}
}

// showChoices opens the list under the field.
func (e *choiceEntry) showChoices() {
	items := make([]*fyne.MenuItem, len(e.choices))
	for i, choice := range e.choices {
		items[i] = fyne.NewMenuItem(choice, func() { e.choose(choice) })
	}
	d := fyne.CurrentApp().Driver()
	menu := widget.NewPopUpMenu(fyne.NewMenu("", items...), d.CanvasForObject(e))
	menu.ShowAtPosition(d.AbsolutePositionForObject(e).AddXY(0, e.Size().Height-theme.InputBorderSize()))
	menu.Resize(fyne.NewSize(e.Size().Width, menu.MinSize().Height))
}
