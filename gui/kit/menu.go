package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// ShowMenu pops a menu up by the area at pos of size (a button, or a
// point for a right click): under it, or above it when there is no room
// below, and from its left edge, or ending at its right edge when there is
// no room on the right; always inside the window and never wider or taller
// than the menu's own size, so no entry or shortcut is cut at the edge.
func ShowMenu(c fyne.Canvas, m *fyne.Menu, pos fyne.Position, size fyne.Size) *widget.PopUpMenu {
	p := widget.NewPopUpMenu(m, c)
	want := p.MinSize()
	p.Resize(want)
	p.ShowAtPosition(MenuPosition(c, want, pos, size))
	return p
}

// MenuPosition is where ShowMenu puts a menu of size want.
func MenuPosition(c fyne.Canvas, want fyne.Size, pos fyne.Position, size fyne.Size) fyne.Position {
	_, area := c.InteractiveArea()
	x := pos.X
	if x+want.Width > area.Width {
		x = pos.X + size.Width - want.Width
	}
	y := pos.Y + size.Height
	if y+want.Height > area.Height && pos.Y-want.Height >= 0 {
		y = pos.Y - want.Height
	}
	x = max(min(x, area.Width-want.Width), 0)
	y = max(min(y, area.Height-want.Height), 0)
	return fyne.NewPos(x, y)
}
