package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// Preference keys of what the window's close button does once Haul has a
// tray icon.
const (
	// prefCloseQuits makes the close button quit Haul instead of keeping
	// it in the tray.
	prefCloseQuits = "window.closeQuits"
	// prefCloseExplained says the user was told, the first time, that
	// closing the window keeps Haul in the tray.
	prefCloseExplained = "window.closeExplained"
)

// closeWindow is the window's close button where Haul has a tray icon: the
// window goes to the tray, where the downloads go on, or Haul quits, as the
// user chose. The first time it says so and lets the user choose.
func (u *UI) closeWindow() {
	switch {
	case u.prefs.Bool(prefCloseQuits):
		u.Quit()
	case u.prefs.Bool(prefCloseExplained):
		u.win.Hide()
	default:
		u.explainClose()
	}
}

// explainClose says, the first time the window is closed, that Haul keeps
// running in the tray and how to quit it, and remembers what the user
// chose: "Keep running in the tray" (also Esc) hides the window, "Quit
// Haul" quits, now and from then on.
func (u *UI) explainClose() {
	text := widget.NewLabel(lang.L("Haul keeps running in the tray when you close its window, and goes on with its downloads. To quit it, right-click Haul's icon in the tray and choose Quit.\n\nYou can change this under More… → Downloads."))
	text.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm(lang.L("Haul stays in the tray"), lang.L("Quit Haul"), lang.L("Keep running in the tray"), text, func(quit bool) {
		u.prefs.SetBool(prefCloseExplained, true)
		u.prefs.SetBool(prefCloseQuits, quit)
		if quit {
			u.Quit()
			return
		}
		u.win.Hide()
	}, u.win)
	d.Resize(fyne.NewSize(min(u.win.Canvas().Size().Width-40, 480), d.MinSize().Height))
	u.showDialog(d)
}

// closeQuitsCheck is the setting of More… → Downloads that makes the close
// button quit Haul; nil where Haul has no tray icon, as closing then quits.
func (u *UI) closeQuitsCheck() fyne.CanvasObject {
	if u.tray == nil {
		return nil
	}
	c := widget.NewCheck(lang.L("Closing the window quits Haul (instead of keeping it running in the tray)"), func(on bool) {
		u.prefs.SetBool(prefCloseQuits, on)
		u.prefs.SetBool(prefCloseExplained, true)
	})
	c.Checked = u.prefs.Bool(prefCloseQuits)
	return c
}
