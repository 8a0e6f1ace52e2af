package gui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// tipDelay is how long the pointer rests on a button before its tip shows.
const tipDelay = 600 * time.Millisecond

// tooltip is a short text shown under a widget while the pointer rests on
// it. Widgets embed it and call hoverIn and hoverOut from their mouse
// handlers; everything runs on the UI thread.
type tooltip struct {
	text  string
	owner fyne.CanvasObject
	pop   *widget.PopUp
	timer *time.Timer
}

// setTip changes the text; an empty text shows no tip.
func (t *tooltip) setTip(text string) {
	t.text = text
	if t.pop != nil {
		t.hideTip()
	}
}

// hoverIn starts the wait before the tip shows.
func (t *tooltip) hoverIn() {
	if t.text == "" {
		return
	}
	t.stopTimer()
	t.timer = time.AfterFunc(tipDelay, func() { fyne.Do(t.showTip) })
}

// hoverOut hides the tip, or stops it from showing.
func (t *tooltip) hoverOut() {
	t.stopTimer()
	t.hideTip()
}

func (t *tooltip) stopTimer() {
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
}

// showTip shows the tip just under its widget, inside the window.
func (t *tooltip) showTip() {
	c := fyne.CurrentApp().Driver().CanvasForObject(t.owner)
	if c == nil || t.text == "" || !t.owner.Visible() {
		return
	}
	t.hideTip()
	label := widget.NewLabel(t.text)
	label.SizeName = theme.SizeNameCaptionText
	t.pop = widget.NewPopUp(label, c)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(t.owner)
	pos.Y += t.owner.Size().Height
	size := t.pop.MinSize()
	pos.X = max(min(pos.X, c.Size().Width-size.Width), 0)
	if pos.Y+size.Height > c.Size().Height {
		pos.Y -= t.owner.Size().Height + size.Height
	}
	t.pop.ShowAtPosition(pos)
}

func (t *tooltip) hideTip() {
	if t.pop != nil {
		t.pop.Hide()
		t.pop = nil
	}
}

// tipShown is the text of the tip on screen, or "".
func (t *tooltip) tipShown() string {
	if t.pop == nil || !t.pop.Visible() {
		return ""
	}
	return t.pop.Content.(*widget.Label).Text
}

// tipButton is a button with a tooltip, for icon buttons and to show a
// command's keyboard shortcut.
type tipButton struct {
	widget.Button
	tooltip
}

// newTipButton makes a button with a label (may be empty), an icon and a tip.
func newTipButton(label string, icon fyne.Resource, tip string, tapped func()) *tipButton {
	b := &tipButton{}
	b.Text, b.Icon, b.OnTapped = label, icon, tapped
	b.tooltip = tooltip{text: tip, owner: b}
	b.ExtendBaseWidget(b)
	return b
}

// MouseIn highlights the button and starts the tip's wait.
func (b *tipButton) MouseIn(e *desktop.MouseEvent) {
	b.Button.MouseIn(e)
	b.hoverIn()
}

// MouseOut hides the tip.
func (b *tipButton) MouseOut() {
	b.Button.MouseOut()
	b.hoverOut()
}

// Tapped hides the tip and runs the button's action.
func (b *tipButton) Tapped(e *fyne.PointEvent) {
	b.hoverOut()
	b.Button.Tapped(e)
}
