package gui

import (
	"fmt"
	"testing"

	"haul/gui/guitest"
	"haul/gui/kit"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestMoreSettingsFitInTheSmallestWindow: in a window of 800×600, and in
// one a title bar and a panel leave 520 pixels of, in English and in
// Chinese, every setting on each tab of More… lies inside the window and
// none under the Close button (a tab too tall scrolls above it), also
// while a size that cannot be read is explained.
func TestMoreSettingsFitInTheSmallestWindow(t *testing.T) {
	for _, c := range []struct {
		language string
		height   float32
	}{{"English", 600}, {"Chinese", 600}, {"English", 520}, {"Chinese", 520}} {
		t.Run(fmt.Sprint(c.language, " ", c.height), func(t *testing.T) {
			if c.language == "Chinese" {
				inChinese(t)
			}
			h := newHarness(t, nil)
			h.win.Resize(fyne.NewSize(800, c.height))
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
// the window and clear of its Close button; a tab that scrolls counts as
// its scroller, which shows every setting in turn.
func checkFits(t *testing.T, h *harness, where string) {
	t.Helper()
	var shown []fyne.CanvasObject
	var closeButton fyne.CanvasObject
	walkSettings(h.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == lang.L("Close") {
			closeButton = b
			return
		}
		shown = append(shown, o)
	})
	if closeButton == nil || len(shown) < 2 {
		t.Fatalf("%s: More… shows %d settings and the Close button %v", where, len(shown), closeButton)
	}
	window := rect{size: h.win.Canvas().Size()}
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

// walkSettings visits the settings, labels and buttons drawn inside o,
// and a scroller instead of what it scrolls.
func walkSettings(o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	if !o.Visible() {
		return
	}
	switch w := o.(type) {
	case *container.Scroll:
		visit(w)
		return
	case *widget.Label:
		if w.Text != "" {
			visit(w)
		}
		return
	case *widget.Button, *widget.Select, *widget.Check, *widget.Entry, *choiceEntry,
		*kit.EscCheck, *kit.EscSelect, *kit.EscEntry, *escSelect:
		visit(w)
		return
	case *fyne.Container:
		for _, child := range w.Objects {
			walkSettings(child, visit)
		}
	case fyne.Widget:
		for _, child := range test.WidgetRenderer(w).Objects() {
			walkSettings(child, visit)
		}
	}
}

// TestEscClosesMoreAfterAClickOnACheckBox: ticking a check box gives it
// the keyboard, and Esc still closes More….
func TestEscClosesMoreAfterAClickOnACheckBox(t *testing.T) {
	h := newHarness(t, nil)
	test.Tap(h.ui.settings.more)
	if len(h.ui.dialogs) != 1 {
		t.Fatalf("%d dialogs open", len(h.ui.dialogs))
	}
	check := h.ui.clip.check
	test.Tap(check)
	if h.win.Canvas().Focused() != check {
		t.Fatalf("the check box did not take the keyboard (%T has it)", h.win.Canvas().Focused())
	}
	h.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if len(h.ui.dialogs) != 0 {
		t.Error("Esc did not close More… after a click on a check box")
	}
	if h.ui.m.Summary().Running {
		t.Error("Esc started or stopped the batch instead")
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
	case *kit.EscCheck:
		return "check box “" + w.Text + "”"
	case *container.Scroll:
		return "scrolled tab"
	case *widget.Select:
		return "list showing “" + w.Selected + "”"
	case *widget.Entry:
		return "field showing “" + w.Text + "”"
	case *choiceEntry:
		return "field showing “" + w.Text + "”"
	}
	return "object"
}
