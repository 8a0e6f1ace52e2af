package kit

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/gui/guitest"
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

// TestTipsShowInAFreshWindow rests the pointer on a button of a window
// that nothing was done in yet, as a first-time user does: the tip must
// reach the screen, which the desktop driver paints only when asked (see
// guitest.Screen). Then the same after a dialog was opened and closed,
// over a status cut short, and the tip must leave the screen with the
// pointer.
func TestTipsShowInAFreshWindow(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("")
	queue := make(chan func(), 4)
	paste := NewTipButton("Paste links", nil, "Add the links copied to the clipboard (Ctrl+V)", nil)
	start := NewTipButton("Start", nil, "Start the downloads (Ctrl+Enter)", nil)
	status := NewTipLabel()
	status.SetText("Not found (404): the link is broken or the file was removed; check the link")
	layer := NewTipLayer(container.NewVBox(container.NewHBox(paste, start), container.NewGridWithColumns(3, widget.NewLabel("a.jpg"), status)),
		func(f func()) { queue <- f })
	w.SetContent(layer)
	w.Resize(fyne.NewSize(400, 300))
	screen := guitest.NewScreen(t, a, w)
	c := w.Canvas()
	restOn := func(o fyne.CanvasObject, want string) {
		t.Helper()
		test.MoveMouse(c, a.Driver().AbsolutePositionForObject(o).AddXY(4, o.Size().Height/2))
		screen.Frame() // the button lights up at once; the tip comes later
		select {
		case f := <-queue:
			f()
		case <-time.After(10 * TipDelay):
			t.Fatalf("the tip %q never showed", want)
		}
		screen.Frame()
		if !screen.Shows(want) {
			t.Errorf("the tip %q is set (%q) but not on screen", want, layer.Shown())
		}
	}

	restOn(paste, paste.Tip())

	test.MoveMouse(c, fyne.NewPos(390, 290))
	screen.Frame()
	if screen.Shows(paste.Tip()) {
		t.Error("the tip stays on screen after the pointer left the button")
	}

	d := dialog.NewInformation("About", "Haul", w)
	d.Show()
	screen.Frame()
	d.Hide()
	screen.Frame()
	restOn(start, start.Tip())

	if !status.Cut() {
		t.Fatal("the status is not cut")
	}
	restOn(status, status.Text)
}

// TestAPathTooLongShowsItsLastFolders: a folder's path that does not fit
// leaves out its start, so the folders that say which one it is show; the
// whole path is its tip.
func TestAPathTooLongShowsItsLastFolders(t *testing.T) {
	tests := []struct {
		path, want string
		width      float32
	}{
		{"/home/li/Pictures/Haul", "/home/li/Pictures/Haul", 400},
		{"/home/li/Pictures/2024 summer by the sea/Haul", "…/2024 summer by the sea/Haul", 260},
		{"/home/li/Pictures/2024 summer by the sea/Haul", "…/Haul", 120},
		{`C:\Users\李明\Pictures\Haul`, `…\Pictures\Haul`, 130},
	}
	test.NewTempApp(t)
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			l := NewPathLabel("")
			l.Resize(fyne.NewSize(tt.width, 36))
			l.SetPath(tt.path)
			if l.Text != tt.want {
				t.Errorf("at %.0f px %q shows %q, want %q", tt.width, tt.path, l.Text, tt.want)
			}
			if l.Cut() != (tt.want != tt.path) || l.Path() != tt.path {
				t.Errorf("cut %v, path %q", l.Cut(), l.Path())
			}
		})
	}
}

// TestATipWiderThanTheWindowWrapsInsideIt: a tip longer than the window
// is wide, in English or in Chinese, wraps onto more lines inside the
// window, and the window asks for no more room while it shows.
func TestATipWiderThanTheWindowWrapsInsideIt(t *testing.T) {
	tests := []struct{ name, text string }{
		{"English", "Sign-in lost when Haul closed: send the page again from your browser, or click \"Use cookies from my browser…\" and choose the cookies of the site"},
		{"Chinese", "Haul 关闭时登录状态丢失了：请从浏览器再次发送这个网页，或者点击“使用浏览器中的 Cookie…”并选择该网站的 Cookie，然后重试失败的下载"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := test.NewTempApp(t)
			w := a.NewWindow("")
			button := NewTipButton("Retry", nil, tt.text, nil)
			layer := NewTipLayer(container.NewVBox(button), func(f func()) { f() })
			w.SetContent(layer)
			w.Resize(fyne.NewSize(300, 300))
			before := layer.MinSize()
			layer.show(button, button.Tip())
			if layer.Shown() != tt.text {
				t.Fatalf("the tip shows %q", layer.Shown())
			}
			if after := layer.MinSize(); after != before {
				t.Errorf("the window's content asks for %v while the tip shows, %v before", after, before)
			}
			tip := layer.bg.Size()
			if tip.Width > 300 || layer.bg.Position().X < 0 || layer.bg.Position().X+tip.Width > 300 {
				t.Errorf("the tip at %v, %v, leaves the window 300 wide", layer.bg.Position(), tip)
			}
			if one := theme.CaptionTextSize() * 2; tip.Height < one {
				t.Errorf("the tip is %v high: not wrapped onto more lines", tip.Height)
			}
		})
	}
}
