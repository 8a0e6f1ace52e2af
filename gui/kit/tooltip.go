package kit

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TipDelay is how long the pointer rests on a widget before its tip shows.
const TipDelay = 600 * time.Millisecond

// TipLayer is a window's content with its tooltips painted over it. A tip
// is paint, not a pop-up: nothing in it takes a tap or the pointer, so a
// click on a button whose tip shows reaches the button, the first time.
// Widgets find the layer as their canvas's content; a widget in a dialog
// shows no tip, since the dialog covers the layer.
type TipLayer struct {
	widget.BaseWidget
	content fyne.CanvasObject
	box     *fyne.Container
	bg      *canvas.Rectangle
	text    *widget.RichText
	shown   string
	// do runs a function on the UI thread: the wait ends on a timer.
	do func(func())

	timer   *time.Timer
	waiting fyne.CanvasObject
	owner   fyne.CanvasObject
}

// NewTipLayer puts content under a layer for tooltips; do runs the tip's
// showing on the UI thread once the pointer has rested.
func NewTipLayer(content fyne.CanvasObject, do func(func())) *TipLayer {
	l := &TipLayer{content: content, do: do,
		bg:   canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground)),
		text: widget.NewRichText()}
	l.bg.StrokeColor = theme.Color(theme.ColorNameSeparator)
	l.bg.StrokeWidth = 1
	l.bg.CornerRadius = theme.InputRadiusSize()
	l.text.Wrapping = fyne.TextWrapWord
	l.box = container.New(placedByHand{}, l.bg, l.text)
	l.box.Hide()
	l.ExtendBaseWidget(l)
	return l
}

// CreateRenderer stacks the tips over the content.
func (l *TipLayer) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(l.content, l.box))
}

// Shown is the text of the tip on screen, or "".
func (l *TipLayer) Shown() string {
	if !l.box.Visible() {
		return ""
	}
	return l.shown
}

// wait starts the rest before owner's tip shows.
func (l *TipLayer) wait(owner fyne.CanvasObject, text func() string) {
	l.stopWaiting()
	l.waiting = owner
	l.timer = time.AfterFunc(TipDelay, func() {
		l.do(func() {
			if l.waiting == owner {
				l.show(owner, text())
			}
		})
	})
}

// leave hides owner's tip, or stops it from showing.
func (l *TipLayer) leave(owner fyne.CanvasObject) {
	if l.waiting == owner {
		l.stopWaiting()
	}
	if l.owner == owner {
		l.hide()
	}
}

func (l *TipLayer) stopWaiting() {
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
	l.waiting = nil
}

// show paints text just under owner, inside the window, or above it when
// there is no room below.
func (l *TipLayer) show(owner fyne.CanvasObject, text string) {
	l.waiting = nil
	c := fyne.CurrentApp().Driver().CanvasForObject(owner)
	if c == nil || text == "" || !owner.Visible() || c.Overlays().Top() != nil {
		return
	}
	d := fyne.CurrentApp().Driver()
	l.bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	area := l.Size()
	ts := l.setText(text, area.Width)
	size := ts
	origin := d.AbsolutePositionForObject(l)
	pos := d.AbsolutePositionForObject(owner).Subtract(origin)
	pos.Y += owner.Size().Height
	pos.X = max(min(pos.X, area.Width-size.Width), 0)
	if pos.Y+size.Height > area.Height {
		pos.Y -= owner.Size().Height + size.Height
	}
	l.bg.Move(pos)
	l.bg.Resize(size)
	l.text.Move(pos)
	l.text.Resize(ts)
	l.owner = owner
	l.box.Show()
	l.repaint()
}

// setText makes text the tip's, in the caption's size, on one line when
// it fits in width and wrapped to width when it does not; it returns the
// size the tip takes.
func (l *TipLayer) setText(text string, width float32) fyne.Size {
	l.shown = text
	l.text.Segments = []widget.RichTextSegment{&widget.TextSegment{Text: text,
		Style: widget.RichTextStyle{SizeName: theme.SizeNameCaptionText, ColorName: theme.ColorNameForeground}}}
	l.text.Wrapping = fyne.TextWrapOff
	l.text.Refresh()
	one := l.text.MinSize()
	if one.Width <= width {
		return one
	}
	l.text.Wrapping = fyne.TextWrapWord
	l.text.Resize(fyne.NewSize(width, one.Height))
	l.text.Refresh()
	return fyne.NewSize(width, l.text.MinSize().Height)
}

// placedByHand lays out nothing: show places the tip's parts. It asks for
// no room, so that a tip wider than the window never widens the window.
type placedByHand struct{}

// MinSize is nothing: the tip is painted over the window's content.
func (placedByHand) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

// Layout leaves the parts where show put them.
func (placedByHand) Layout([]fyne.CanvasObject, fyne.Size) {}

func (l *TipLayer) hide() {
	l.owner = nil
	l.box.Hide()
	l.repaint()
}

// repaint asks the window to paint the tip again. The tip's own paint
// cannot ask: a window learns which objects are its own only when it
// paints them visible, so a tip that was hidden until now would refresh
// nothing and stay unseen until something else redrew the window. The
// layer is the window's content, which the window always knows.
func (l *TipLayer) repaint() {
	if c := fyne.CurrentApp().Driver().CanvasForObject(l); c != nil {
		c.Refresh(l.box)
	}
}

// tooltip is a short text shown under a widget while the pointer rests on
// it. Widgets embed it and call hoverIn and hoverOut from their mouse
// handlers; everything runs on the UI thread.
type tooltip struct {
	text  string
	owner fyne.CanvasObject
}

// layer is the tip layer of the owner's window, if it has one.
func (t *tooltip) layer() *TipLayer {
	c := fyne.CurrentApp().Driver().CanvasForObject(t.owner)
	if c == nil {
		return nil
	}
	l, _ := c.Content().(*TipLayer)
	return l
}

// hoverIn starts the wait before the tip shows.
func (t *tooltip) hoverIn() {
	if l := t.layer(); l != nil && t.text != "" {
		l.wait(t.owner, func() string { return t.text })
	}
}

// hoverOut hides the tip, or stops it from showing.
func (t *tooltip) hoverOut() {
	if l := t.layer(); l != nil {
		l.leave(t.owner)
	}
}

// TipButton is a button with a tooltip, for icon buttons and to show a
// command's keyboard shortcut.
type TipButton struct {
	widget.Button
	tooltip
}

// NewTipButton makes a button with a label (may be empty), an icon and a tip.
func NewTipButton(label string, icon fyne.Resource, tip string, tapped func()) *TipButton {
	b := &TipButton{}
	b.Text, b.Icon, b.OnTapped = label, icon, tapped
	b.tooltip = tooltip{text: tip, owner: b}
	b.ExtendBaseWidget(b)
	return b
}

// Tip is the button's tooltip.
func (b *TipButton) Tip() string { return b.text }

// SetTip changes the tooltip; an empty text shows none.
func (b *TipButton) SetTip(text string) {
	b.hoverOut()
	b.text = text
}

// MouseIn highlights the button and starts the tip's wait.
func (b *TipButton) MouseIn(e *desktop.MouseEvent) {
	b.Button.MouseIn(e)
	b.hoverIn()
}

// MouseOut hides the tip.
func (b *TipButton) MouseOut() {
	b.Button.MouseOut()
	b.hoverOut()
}

// Tapped hides the tip and runs the button's action.
func (b *TipButton) Tapped(e *fyne.PointEvent) {
	b.hoverOut()
	b.Button.Tapped(e)
}
