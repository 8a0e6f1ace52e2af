package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// PassEscape hands Esc to the window of o, as if nothing had the
// keyboard: a widget that took the keyboard with a click keeps every key,
// and Esc must still close the dialog on top or stop the batch.
func PassEscape(o fyne.CanvasObject) {
	c := fyne.CurrentApp().Driver().CanvasForObject(o)
	if c == nil {
		return
	}
	if typed := c.OnTypedKey(); typed != nil {
		typed(&fyne.KeyEvent{Name: fyne.KeyEscape})
	}
}

// EscCheck is a check box that leaves Esc to the window.
type EscCheck struct {
	widget.Check
}

// NewEscCheck makes a check box with a label that calls changed when ticked
// or cleared.
func NewEscCheck(label string, changed func(bool)) *EscCheck {
	c := &EscCheck{}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey hands Esc to the window and ticks on Space.
func (c *EscCheck) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		PassEscape(c)
		return
	}
	c.Check.TypedKey(ev)
}

// EscSelect is a drop-down list that leaves Esc to the window once a
// value is chosen.
type EscSelect struct {
	widget.Select
}

// NewEscSelect makes a drop-down list of options that calls changed when
// one is chosen.
func NewEscSelect(options []string, changed func(string)) *EscSelect {
	s := &EscSelect{}
	s.Options, s.OnChanged = options, changed
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey hands Esc to the window and lets the list handle every other key.
func (s *EscSelect) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		PassEscape(s)
		return
	}
	s.Select.TypedKey(ev)
}
