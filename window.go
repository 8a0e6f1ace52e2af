//go:build !nogui

package main

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"haul/assets"
	"haul/gui"
	_ "haul/internal/cleanlocale" // before Fyne reads the locale
)

// runWindow opens the window with the list files in files loaded and
// returns when it is closed.
func runWindow(files []string) int {
	d := details()
	icon := fyne.NewStaticResource("icon.png", assets.Icon)
	app.SetMetadata(fyne.AppMetadata{ID: d.ID, Name: d.Name, Version: appVersion(), Build: d.Build, Icon: icon})
	a := app.NewWithID(d.ID)
	a.SetIcon(icon)
	w := a.NewWindow(d.Name)
	w.SetIcon(icon)
	w.Resize(initialSize(w))
	gui.New(a, w, files)
	w.ShowAndRun()
	return 0
}
