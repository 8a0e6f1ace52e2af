package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// trayApp is an app with a system tray, as on the desktop.
type trayApp struct {
	fyne.App
	menu   *fyne.Menu
	icon   fyne.Resource
	window fyne.Window
}

func (a *trayApp) SetSystemTrayMenu(m *fyne.Menu)    { a.menu = m }
func (a *trayApp) SetSystemTrayIcon(r fyne.Resource) { a.icon = r }
func (a *trayApp) SetSystemTrayWindow(w fyne.Window) { a.window = w }

func TestTrayShowsProgressAndPausesAndResumes(t *testing.T) {
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus")
	h := newHarness(t, nil)
	tray := &trayApp{App: h.app}
	h.ui.app = tray
	h.ui.addTray()
	if tray.menu == nil || tray.window != h.win {
		t.Fatal("no tray menu")
	}
	label := func(i int) string { return tray.menu.Items[i].Label }
	h.paste(strings.Join(h.serveSlow("t1.bin", "t2.bin"), "\n"))
	h.pump("progress in the tray", func() bool { return label(0) == "0 of 2 finished" })
	if tray.menu.Items[2].Disabled {
		t.Error("Start is greyed out before anything runs")
	}
	tray.menu.Items[2].Action()
	h.pump("running", func() bool { return tray.menu.Items[2].Disabled && !tray.menu.Items[3].Disabled })
	tray.menu.Items[3].Action()
	h.pump("paused", func() bool { return h.ui.totals.Summary().Paused == 2 && !tray.menu.Items[2].Disabled })
	if quit := tray.menu.Items[len(tray.menu.Items)-1]; !quit.IsQuit {
		t.Error("the last entry is not Quit")
	}
}
