package picker

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"haul/gui/kit"
)

// hoverTips paints the tip of the picker line the pointer rests on, over
// the picker's own content: the picker is a dialog, above the window's
// layer of tips. Its methods run on the UI thread; the wait ends on a
// timer whose end comes back through do.
type hoverTips struct {
	do    func(func())
	over  fyne.CanvasObject // the content the tips are painted over
	box   *fyne.Container
	bg    *canvas.Rectangle
	text  *canvas.Text
	timer *time.Timer
	// waiting is the line whose tip waits to show; owner the line whose
	// tip shows.
	waiting, owner fyne.CanvasObject
}

// newHoverTips paints tips over content; the result is what to show.
func newHoverTips(content fyne.CanvasObject, do func(func())) (*hoverTips, fyne.CanvasObject) {
	h := &hoverTips{do: do, over: content,
		bg:   canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground)),
		text: canvas.NewText("", theme.Color(theme.ColorNameForeground))}
	h.bg.StrokeColor = theme.Color(theme.ColorNameSeparator)
	h.bg.StrokeWidth = 1
	h.bg.CornerRadius = theme.InputRadiusSize()
	h.text.TextSize = theme.CaptionTextSize()
	h.box = container.NewWithoutLayout(h.bg, h.text)
	h.box.Hide()
	return h, container.NewStack(content, h.box)
}

// hover starts the wait before owner's tip shows; an empty text shows none.
func (h *hoverTips) hover(owner fyne.CanvasObject, text string) {
	h.stop()
	if text == "" {
		return
	}
	h.waiting = owner
	h.timer = time.AfterFunc(kit.TipDelay, func() {
		h.do(func() {
			if h.waiting == owner {
				h.show(owner, text)
			}
		})
	})
}

// leave hides owner's tip, or stops it from showing.
func (h *hoverTips) leave(owner fyne.CanvasObject) {
	if h.waiting == owner {
		h.stop()
	}
	if h.owner == owner {
		h.owner = nil
		h.box.Hide()
	}
}

// stop ends the wait of a tip not shown yet.
func (h *hoverTips) stop() {
	if h.timer != nil {
		h.timer.Stop()
		h.timer = nil
	}
	h.waiting = nil
}

// shown is the text of the tip on screen, or "".
func (h *hoverTips) shown() string {
	if !h.box.Visible() {
		return ""
	}
	return h.text.Text
}

// show paints text under owner, inside the content, or above owner when
// there is no room below.
func (h *hoverTips) show(owner fyne.CanvasObject, text string) {
	h.waiting = nil
	d := fyne.CurrentApp().Driver()
	pad := theme.InnerPadding() / 2
	h.text.Text = text
	ts := h.text.MinSize()
	size := fyne.NewSize(ts.Width+2*pad, ts.Height+2*pad)
	pos := d.AbsolutePositionForObject(owner).Subtract(d.AbsolutePositionForObject(h.over))
	pos.Y += owner.Size().Height
	area := h.over.Size()
	pos.X = max(min(pos.X+thumbnailOffset(), area.Width-size.Width), 0)
	if pos.Y+size.Height > area.Height {
		pos.Y -= owner.Size().Height + size.Height
	}
	h.bg.Move(pos)
	h.bg.Resize(size)
	h.text.Move(pos.AddXY(pad, pad))
	h.text.Resize(ts)
	h.owner = owner
	h.box.Show()
	h.box.Refresh()
}

// thumbnailOffset puts a tip under a line's name, past its check box and
// thumbnail.
func thumbnailOffset() float32 {
	return pickColumns[0] + pickColumns[1] + 2*theme.Padding()
}
