package picker

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"haul/gui/kit"
)

// hoverTips says, on a line under the picker's list, what the line the
// pointer rests on is: why a picture was not chosen, or its alt text. The
// picker is a dialog, above the window's layer of tips, so its tip has a
// place of its own. Its methods run on the UI thread.
type hoverTips struct {
	line  *widget.Label
	owner fyne.CanvasObject
}

// newHoverTips makes the line.
func newHoverTips() *hoverTips {
	t := &hoverTips{line: kit.TruncLabel()}
	t.line.Importance = widget.LowImportance
	return t
}

// hover shows owner's text; an empty text shows none.
func (t *hoverTips) hover(owner fyne.CanvasObject, text string) {
	t.owner = owner
	t.line.SetText(text)
}

// leave clears owner's text.
func (t *hoverTips) leave(owner fyne.CanvasObject) {
	if t.owner == owner {
		t.owner = nil
		t.line.SetText("")
	}
}

// shown is the text on the line, or "".
func (t *hoverTips) shown() string { return t.line.Text }
