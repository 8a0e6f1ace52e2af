package gui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/gui/guitest"
)

// TestTipsReachTheScreenOfAFreshWindow moves the pointer over the real
// window at 800×600 as a first-time user does, painted as the desktop
// driver paints it (guitest.Screen): resting on a button before anything
// else was done shows its tip on screen; so does resting on one after a
// dialog was opened and closed; and resting on a status, the output
// folder or the line under the buttons cut short shows them whole.
func TestTipsReachTheScreenOfAFreshWindow(t *testing.T) {
	h := newHarness(t, nil)
	h.win.Resize(fyne.NewSize(800, 600))
	u := h.ui
	screen := guitest.NewScreen(t, h.app, h.win)
	c := h.win.Canvas()
	restOn := func(o fyne.CanvasObject, want string) {
		t.Helper()
		h.drain()
		screen.Frame()
		test.MoveMouse(c, h.app.Driver().AbsolutePositionForObject(o).AddXY(4, o.Size().Height/2))
		screen.Frame() // a button lights up at once; its tip comes later
		h.pump("the tip "+want, func() bool { return u.tips.Shown() != "" })
		screen.Frame()
		if got := u.tips.Shown(); got != want {
			t.Errorf("the tip reads %q, want %q", got, want)
		}
		if !screen.Shows(want) {
			t.Errorf("the tip %q is not on screen", want)
		}
		test.MoveMouse(c, fyne.NewPos(1, 599))
		screen.Frame()
		if screen.Shows(want) {
			t.Errorf("the tip %q stays on screen after the pointer left", want)
		}
	}

	restOn(u.paste, u.paste.Tip())

	u.ShowAbout()
	screen.Frame()
	u.escape()
	screen.Frame()
	restOn(u.openList, u.openList.Tip())

	long := filepath.Join(h.dir, "Holiday pictures from the summer by the sea, 2024, everyone's")
	if err := os.MkdirAll(long, 0o755); err != nil {
		t.Fatal(err)
	}
	u.settings.setFolder(long)
	h.drain()
	if !u.settings.folder.Cut() {
		t.Fatalf("the folder %q is not cut at 800 pixels", long)
	}
	restOn(u.settings.folder, long)

	said := "Watching example.com/gallery/summer: its new pictures are saved into " + long
	u.intake.set(said, nil)
	h.drain()
	restOn(u.intake.label, said)

	urls := h.serve([]string{"missing-holiday-photo.png"}, fileBody)
	h.srv.Handle("/missing-holiday-photo.png", nil, downloadtest.Status(404))
	h.paste(urls[0])
	h.waitRows(1)
	u.batch.Start()
	h.waitState(urls[0], downloader.Failed)
	h.drain()
	status := h.row(urls[0]).status
	if !status.Cut() {
		t.Fatalf("the status %q is not cut at 800 pixels", status.Text)
	}
	restOn(status, status.Text)
}
