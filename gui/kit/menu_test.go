package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestMenusOpenWhereTheyFit: a menu opens under its button, above it when
// there is no room below, ends at the button's right edge when there is
// no room on the right, and never leaves the window.
func TestMenusOpenWhereTheyFit(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("")
	w.SetContent(widget.NewLabel(""))
	w.Resize(fyne.NewSize(800, 600))
	c := w.Canvas()
	_, area := c.InteractiveArea()
	menu := fyne.NewSize(240, 300)
	button := fyne.NewSize(36, 36)
	tests := []struct {
		name string
		at   fyne.Position
		size fyne.Size
		want fyne.Position
	}{
		{"under a button at the top", fyne.NewPos(100, 50), button, fyne.NewPos(100, 86)},
		{"above a button at the bottom", fyne.NewPos(100, 550), button, fyne.NewPos(100, 250)},
		{"ending at a button on the right", fyne.NewPos(760, 50), button, fyne.NewPos(556, 86)},
		{"at a right click near the bottom right", fyne.NewPos(700, 400), fyne.Size{}, fyne.NewPos(460, 100)},
		{"too tall for either side: at the bottom", fyne.NewPos(100, 250), fyne.NewSize(36, 100), fyne.NewPos(100, area.Height-300)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := MenuPosition(c, menu, tt.at, tt.size)
			if got != tt.want {
				t.Errorf("the menu opens at %v, want %v", got, tt.want)
			}
			if got.X < 0 || got.Y < 0 || got.X+menu.Width > area.Width || got.Y+menu.Height > area.Height {
				t.Errorf("the menu at %v leaves the window", got)
			}
		})
	}
}
