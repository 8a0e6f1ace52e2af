package gui

import (
	"haul/gui/kit"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
)

// fitColumns is columns that fit the width they get: the columns whose
// width is zero share the space left in proportion to their weights, each
// at least minFlex wide, and when that does not fit the columns listed in
// drop are left out, in order.
type fitColumns struct {
	widths  []float32
	weights []float32
	minFlex float32
	drop    []int
}

// Layout places each column that fits and hides the others.
func (c *fitColumns) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	gap := theme.Padding()
	shown := c.fitting(size.Width, gap)
	fixed, weight := float32(0), float32(0)
	for i, w := range c.widths {
		switch {
		case !shown[i]:
		case w == 0:
			weight += c.weights[i]
			fixed += gap
		default:
			fixed += w + gap
		}
	}
	flex := max(size.Width-fixed+gap, 0) / max(weight, 1)
	x := float32(0)
	for i, o := range objects {
		if o.Visible() != shown[i] {
			kit.Visible(o, shown[i])
		}
		if !shown[i] {
			continue
		}
		w := c.widths[i]
		if w == 0 {
			w = flex * c.weights[i]
		}
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w + gap
	}
}

// fitting says which columns show at width.
func (c *fitColumns) fitting(width, gap float32) []bool {
	shown := make([]bool, len(c.widths))
	need := float32(0)
	for i, w := range c.widths {
		shown[i] = true
		need += max(w, c.minFlex*float32(btoi(w == 0))) + gap
	}
	for _, i := range c.drop {
		if need-gap <= width {
			break
		}
		shown[i] = false
		need -= c.widths[i] + gap
	}
	return shown
}

// MinSize is the width with every droppable column left out, and the
// tallest object.
func (c *fitColumns) MinSize(objects []fyne.CanvasObject) fyne.Size {
	gap := theme.Padding()
	shown := c.fitting(0, gap)
	s := fyne.NewSize(-gap, 0)
	for i, o := range objects {
		if shown[i] {
			s.Width += max(c.widths[i], c.minFlex*float32(btoi(c.widths[i] == 0))) + gap
		}
		s.Height = max(s.Height, o.MinSize().Height)
	}
	return s
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// inReadingOrder is container.NewBorder with its parts in reading order
// (top, left, centre, right, bottom), so Tab moves through them as they
// read rather than centre first. Any part may be nil.
func inReadingOrder(top, bottom, left, right, center fyne.CanvasObject) *fyne.Container {
	var objects []fyne.CanvasObject
	for _, o := range []fyne.CanvasObject{top, left, center, right, bottom} {
		if o != nil {
			objects = append(objects, o)
		}
	}
	return container.New(layout.NewBorderLayout(top, bottom, left, right), objects...)
}
