package main

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"haul/assets"
	"haul/cli"
	"haul/gui"
)

// appID is Haul's application ID, as in FyneApp.toml.
const appID = "io.haul.app"

// runWindow opens the window with the list files in files loaded and
// returns when it is closed.
func runWindow(files []string) int {
	icon := fyne.NewStaticResource("icon.png", assets.Icon)
	app.SetMetadata(fyne.AppMetadata{ID: appID, Name: "Haul", Version: cli.Version, Build: 1, Icon: icon})
	a := app.NewWithID(appID)
	a.SetIcon(icon)
	w := a.NewWindow("Haul")
	w.SetIcon(icon)
	w.Resize(fyne.NewSize(1180, 720))
	gui.New(a, w, files)
	w.ShowAndRun()
	return 0
}
