package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// ShowAbout shows the app's icon, name, version and keyboard shortcuts.
func (u *UI) ShowAbout() {
	meta := u.app.Metadata()
	icon := canvas.NewImageFromResource(u.app.Icon())
	icon.FillMode = canvas.ImageFillContain
	icon.SetMinSize(fyne.NewSize(96, 96))
	title := widget.NewLabelWithStyle(windowTitle(meta), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	blurb := widget.NewLabelWithStyle(lang.L("Saves many pictures at once from a list of links."), fyne.TextAlignCenter, fyne.TextStyle{})
	keys := widget.NewLabel(lang.X("about.keys", "Ctrl+V paste links · Ctrl+O open a list · Ctrl+F find pictures on a page\nCtrl+Enter start · Ctrl+P pause all · Esc stop\nCtrl+R retry failed · Ctrl+E export report · Ctrl+Shift+O open folder"))
	keys.Alignment = fyne.TextAlignCenter
	content := container.NewVBox(container.NewCenter(icon), title, blurb, keys)
	dialog.NewCustom(lang.X("about.title", "About {{.Name}}", data{"Name": appName(meta)}), lang.L("Close"), content, u.win).Show()
}
