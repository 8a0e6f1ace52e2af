//go:build !nogui

package main

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"haul/assets"
	"haul/cli"
	"haul/gui"
	_ "haul/internal/cleanlocale" // before Fyne reads the locale
)

// runWindow opens the window with the list files in files loaded and
// returns when it is closed.
func runWindow(files []string) int {
	d := details()
	icon := fyne.NewStaticResource("icon.png", assets.Icon)
	app.SetMetadata(fyne.AppMetadata{ID: d.ID, Name: d.Name, Version: appVersion(), Build: d.Build, Icon: icon})
	if !haveDisplay() {
		cli.NoDisplay(os.Stderr)
		return 2
	}
	l, first := claimLaunches()
	if !first {
		if code, handed := handToRunning(files); handed {
			return code
		}
	}
	folder := openSettingsFolder(d.ID)
	defer folder.tidy()
	a := folder.app(app.NewWithID(d.ID))
	a.SetIcon(icon)
	w, ok := openWindow(a, d.Name)
	if !ok {
		cli.NoDisplay(os.Stderr)
		return 2
	}
	w.SetIcon(icon)
	w.Resize(initialSize(w))
	u := gui.New(a, w, files)
	defer serveLaunches(l, u)()
	stopped := takeStopHook(a)
	w.ShowAndRun()
	stopped()
	return 0
}

// openWindow makes the main window. The graphics driver panics when the
// display named in the environment cannot be opened (a stale DISPLAY over
// SSH); that is reported as false, for a message instead of a crash.
func openWindow(a fyne.App, title string) (w fyne.Window, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return a.NewWindow(title), true
}
