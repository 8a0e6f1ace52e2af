package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// EscEntry is a text box inside a dialog that closes the dialog on Esc,
// as the rest of the dialog does.
type EscEntry struct {
	widget.Entry
	onEscape func()
}

// NewEscEntry is a text box that calls onEscape on Esc, or hands Esc to
// the window when onEscape is nil.
func NewEscEntry(onEscape func()) *EscEntry {
	e := &EscEntry{onEscape: onEscape}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey closes the dialog on Esc and types everything else.
func (e *EscEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		if e.onEscape == nil {
			PassEscape(e)
		} else {
			e.onEscape()
		}
		return
	}
	e.Entry.TypedKey(ev)
}
