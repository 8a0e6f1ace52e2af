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

// closing is what the window's close button does where Haul has a tray
// icon: the window goes to the tray, where the downloads go on, or Haul
// quits, as the user chose. The first time it says so and lets the user
// choose.
type closing struct {
	prefs fyne.Preferences
	win   fyne.Window
	quit  func()
	show  func(dialog.Dialog)
}

// closingOf is the close button of u's window.
func closingOf(u *UI) closing {
	return closing{prefs: u.prefs, win: u.win, quit: u.Quit, show: u.showDialog}
}

// pressed is the close button.
func (c closing) pressed() {
	switch {
	case c.prefs.Bool(prefCloseQuits):
		c.quit()
	case c.prefs.Bool(prefCloseExplained):
		c.win.Hide()
	default:
		c.explain()
	}
}

// explain says, the first time the window is closed, that Haul keeps
// running in the tray and how to quit it, and remembers what the user
// chose: "Keep running in the tray" (also Esc) hides the window, "Quit
// Haul" quits, now and from then on.
func (c closing) explain() {
	text := widget.NewLabel(lang.L("Haul keeps running in the tray when you close its window, and goes on with its downloads. To quit it, right-click Haul's icon in the tray and choose Quit.\n\nYou can change this under More… → Downloads."))
	text.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm(lang.L("Haul stays in the tray"), lang.L("Quit Haul"), lang.L("Keep running in the tray"), text, func(quit bool) {
		c.prefs.SetBool(prefCloseExplained, true)
		c.prefs.SetBool(prefCloseQuits, quit)
		if quit {
			c.quit()
			return
		}
		c.win.Hide()
	}, c.win)
	d.Resize(fyne.NewSize(min(c.win.Canvas().Size().Width-40, 480), d.MinSize().Height))
	c.show(d)
}

// check is the setting of More… → Downloads that makes the close button
// quit Haul.
func (c closing) check() *widget.Check {
	check := widget.NewCheck(lang.L("Closing the window quits Haul (instead of keeping it running in the tray)"), func(on bool) {
		c.prefs.SetBool(prefCloseQuits, on)
		c.prefs.SetBool(prefCloseExplained, true)
	})
	check.Checked = c.prefs.Bool(prefCloseQuits)
	return check
}
