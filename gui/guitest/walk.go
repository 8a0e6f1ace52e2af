package guitest

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Walk visits o and every visible object drawn inside it, without laying
// anything out.
func Walk(o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	if !o.Visible() {
		return
	}
	visit(o)
	switch c := o.(type) {
	case *fyne.Container:
		for _, child := range c.Objects {
			Walk(child, visit)
		}
	case fyne.Widget:
		for _, child := range test.WidgetRenderer(c).Objects() {
			Walk(child, visit)
		}
	}
}
