package gui

import (
	"testing"

	"haul/gui/guitest"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestMoreSettingsFitInTheSmallestWindow: in a window of 800×600, in
// English and in Chinese, every setting on each tab of More… lies inside
// the window and none under the Close button, also while a size that
// cannot be read is explained.
func TestMoreSettingsFitInTheSmallestWindow(t *testing.T) {
	for _, language := range []string{"English", "Chinese"} {
		t.Run(language, func(t *testing.T) {
			if language == "Chinese" {
				inChinese(t)
			}
			h := newHarness(t, nil)
			h.win.Resize(fyne.NewSize(800, 600))
			test.Tap(h.ui.settings.more)
			var tabs *container.AppTabs
			guitest.Walk(h.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
				if t, ok := o.(*container.AppTabs); ok {
					tabs = t
				}
			})
			if tabs == nil {
				t.Fatal("More… has no tabs")
			}
			for i, tab := range tabs.Items {
				tabs.SelectIndex(i)
				checkFits(t, h, tab.Text)
			}
			tabs.SelectIndex(0)
			h.ui.settings.maxSize.SetText("a lot")
			h.ui.settings.maxSize.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			checkFits(t, h, tabs.Items[0].Text+" with a size that cannot be read")
		})
	}
}

// checkFits checks that the settings shown in the dialog on top lie inside
// the window of 800×600 and clear of its Close button.
func checkFits(t *testing.T, h *harness, where string) {
	t.Helper()
	var shown []fyne.CanvasObject
	var closeButton fyne.CanvasObject
	guitest.Walk(h.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Button:
			if w.Text == lang.L("Close") {
				closeButton = w
				return
			}
		case *widget.Label:
			if w.Text == "" {
				return
			}
		case *widget.Select, *widget.Check, *widget.Entry, *choiceEntry:
		default:
			return
		}
		shown = append(shown, o)
	})
	if closeButton == nil || len(shown) < 2 {
		t.Fatalf("%s: More… shows %d settings and the Close button %v", where, len(shown), closeButton)
	}
	window := rect{size: fyne.NewSize(800, 600)}
	closing := rectOf(closeButton)
	for _, o := range shown {
		r := rectOf(o)
		if !window.holds(r) {
			t.Errorf("%s: %s at %v is cut off by the window", where, describe(o), r)
		}
		if r.overlaps(closing) {
			t.Errorf("%s: %s at %v lies under the Close button at %v", where, describe(o), r, closing)
		}
	}
}

// rect is where an object is drawn on the window.
type rect struct {
	pos  fyne.Position
	size fyne.Size
}

func rectOf(o fyne.CanvasObject) rect {
	return rect{fyne.CurrentApp().Driver().AbsolutePositionForObject(o), o.Size()}
}

func (r rect) holds(in rect) bool {
	return in.pos.X >= r.pos.X && in.pos.Y >= r.pos.Y &&
		in.pos.X+in.size.Width <= r.pos.X+r.size.Width && in.pos.Y+in.size.Height <= r.pos.Y+r.size.Height
}

func (r rect) overlaps(o rect) bool {
	return r.pos.X < o.pos.X+o.size.Width && o.pos.X < r.pos.X+r.size.Width &&
		r.pos.Y < o.pos.Y+o.size.Height && o.pos.Y < r.pos.Y+r.size.Height
}

// describe names an object by its text, for a failure message.
func describe(o fyne.CanvasObject) string {
	switch w := o.(type) {
	case *widget.Label:
		return "label “" + w.Text + "”"
	case *widget.Button:
		return "button “" + w.Text + "”"
	case *widget.Check:
		return "check box “" + w.Text + "”"
	case *widget.Select:
		return "list showing “" + w.Selected + "”"
	case *widget.Entry:
		return "field showing “" + w.Text + "”"
	case *choiceEntry:
		return "field showing “" + w.Text + "”"
	}
	return "object"
}
