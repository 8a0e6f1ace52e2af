package gui

import "fyne.io/fyne/v2"

// columns lays objects out side by side with fixed widths; the one column
// whose width is zero takes the space left over. Every object gets the full
// height, so rows line up whatever is hidden.
type columns struct {
	widths []float32
	gap    float32
}

// Layout places each object in its column.
func (c *columns) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	fixed := c.gap * float32(len(objects)-1)
	for _, w := range c.widths {
		fixed += w
	}
	flex := max(size.Width-fixed, 0)
	x := float32(0)
	for i, o := range objects {
		w := c.widths[i]
		if w == 0 {
			w = flex
		}
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w + c.gap
	}
}

// MinSize is the fixed widths and the tallest object.
func (c *columns) MinSize(objects []fyne.CanvasObject) fyne.Size {
	s := fyne.NewSize(c.gap*float32(len(objects)-1), 0)
	for i, o := range objects {
		m := o.MinSize()
		s.Width += c.widths[i]
		s.Height = max(s.Height, m.Height)
	}
	return s
}
