package kit

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// TestAClickOnAButtonWhoseTipShowsReachesTheButton rests the pointer on a
// button until its tip shows, then clicks where the button is, as the
// driver does (the object under the pointer takes the tap): the first
// click runs the button's action, and the tip goes.
func TestAClickOnAButtonWhoseTipShowsReachesTheButton(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("")
	queue := make(chan func(), 4)
	taps := 0
	pause := NewTipButton("Pause all", theme.MediaPauseIcon(), "Pause every download", func() { taps++ })
	layer := NewTipLayer(container.NewVBox(pause), func(f func()) { queue <- f })
	w.SetContent(layer)
	w.Resize(fyne.NewSize(400, 300))

	pause.MouseIn(nil)
	select {
	case f := <-queue:
		f()
	case <-time.After(10 * TipDelay):
		t.Fatal("the tip never showed")
	}
	if got := layer.Shown(); got != "Pause every download" {
		t.Fatalf("tip shows %q", got)
	}
	test.TapCanvas(w.Canvas(), a.Driver().AbsolutePositionForObject(pause).AddXY(5, pause.Size().Height/2))
	if taps != 1 {
		t.Errorf("the first click after the tip showed ran the button %d times, want once", taps)
	}
	if layer.Shown() != "" {
		t.Error("the tip stayed after the click")
	}
	if w.Canvas().Overlays().Top() != nil {
		t.Error("the tip left an overlay that takes the next click")
	}
}

// TestATipIsNotTappable: the tip is painted over the button below the one
// it belongs to, and a click there reaches that button.
func TestATipIsNotTappable(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("")
	taps := 0
	top := NewTipButton("Find", nil, "Look for pictures on a page", nil)
	below := NewTipButton("Start", nil, "", func() { taps++ })
	layer := NewTipLayer(container.NewVBox(top, below), func(f func()) { f() })
	w.SetContent(layer)
	w.Resize(fyne.NewSize(400, 300))
	layer.show(top, top.Tip())
	d := a.Driver()
	at := d.AbsolutePositionForObject(below).AddXY(10, 10)
	if tip := d.AbsolutePositionForObject(layer.bg); at.Y < tip.Y || at.Y > tip.Y+layer.bg.Size().Height {
		t.Fatalf("the tip at %v (%v) is not over the button below at %v", tip, layer.bg.Size(), below.Position())
	}
	test.TapCanvas(w.Canvas(), at)
	if taps != 1 {
		t.Errorf("a click on the tip reached the button under it %d times, want once", taps)
	}
}

// TestACutLabelShowsItsWholeTextAsATip: a status too long for its
// column ends in an ellipsis, and resting the pointer on it shows it
// whole; a label whose text fits shows no tip.
func TestACutLabelShowsItsWholeTextAsATip(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("")
	queue := make(chan func(), 4)
	long, short := NewTipLabel(), NewTipLabel()
	long.SetText("Not found (404): the server has no file at this address; check the link in Sheet2!B7")
	short.SetText("Saved")
	layer := NewTipLayer(container.NewGridWithColumns(2, long, short), func(f func()) { queue <- f })
	w.SetContent(layer)
	w.Resize(fyne.NewSize(300, 100))
	if !long.Cut() || short.Cut() {
		t.Fatalf("cut: long %v, short %v", long.Cut(), short.Cut())
	}
	long.MouseIn(nil)
	select {
	case f := <-queue:
		f()
	case <-time.After(10 * TipDelay):
		t.Fatal("the tip never showed")
	}
	if got := layer.Shown(); got != long.Text {
		t.Errorf("the tip shows %q", got)
	}
	long.MouseOut()
	short.MouseIn(nil)
	select {
	case f := <-queue:
		t.Error("a label whose text fits waits to show a tip")
		f()
	case <-time.After(2 * TipDelay):
	}
	if got := layer.Shown(); got != "" {
		t.Errorf("a label whose text fits shows the tip %q", got)
	}
}
