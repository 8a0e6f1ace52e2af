package gui

import (
	"haul/gui/kit"

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
	keys := widget.NewLabel(lang.X("about.keys.v2", "Ctrl+V paste links · Ctrl+O open a list · Ctrl+F find pictures on a page\nCtrl+Enter start · Ctrl+P pause all · Ctrl+Shift+S stop · Ctrl+R retry failed\nCtrl+L clear finished · Ctrl+Shift+C copy failed links · Ctrl+E export report\nCtrl+D choose the folder · Ctrl+Shift+O open it · Ctrl+, more settings\nIn the list: right click or ⋮ for a download's actions · Esc stop\nEsc closes a dialog · Ctrl+W close · Ctrl+Q quit (the list is kept)"))
	keys.Alignment = fyne.TextAlignCenter
	content := container.NewVBox(container.NewCenter(icon), title, blurb, keys)
	u.showDialog(dialog.NewCustom(lang.X("about.title", "About {{.Name}}", kit.Data{"Name": appName(meta)}), lang.L("Close"), content, u.win))
}
