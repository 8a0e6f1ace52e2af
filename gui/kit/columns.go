package kit

import "fyne.io/fyne/v2"

// Columns lays objects out side by side with fixed widths; the one column
// whose width is zero takes the space left over. Every object gets the full
// height, so rows line up whatever is hidden.
type Columns struct {
	Widths []float32
	Gap    float32
}

// Layout places each object in its column.
func (c *Columns) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	fixed := c.Gap * float32(len(objects)-1)
	for _, w := range c.Widths {
		fixed += w
	}
	flex := max(size.Width-fixed, 0)
	x := float32(0)
	for i, o := range objects {
		w := c.Widths[i]
		if w == 0 {
			w = flex
		}
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w + c.Gap
	}
}

// MinSize is the fixed widths and the tallest object.
func (c *Columns) MinSize(objects []fyne.CanvasObject) fyne.Size {
	s := fyne.NewSize(c.Gap*float32(len(objects)-1), 0)
	for i, o := range objects {
		m := o.MinSize()
		s.Width += c.Widths[i]
		s.Height = max(s.Height, m.Height)
	}
	return s
}
