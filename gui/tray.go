package gui

import (
	"haul/gui/kit"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"github.com/dustin/go-humanize"
)

// tray is Haul's icon in the system tray, where the desktop has one: its
// menu shows the batch's progress and offers Start, Pause all, the window
// and Quit. Closing the window then keeps Haul running there (see
// closing).
type tray struct {
	app                          desktop.App
	menu                         *fyne.Menu
	progress, start, pause, quit *fyne.MenuItem
	// closing is what the window's close button does.
	closing closing
}

// addTray puts the icon in the tray when the app can have one.
func (u *UI) addTray() {
	da, ok := u.app.(desktop.App)
	if !ok || !trayHostReachable() {
		return
	}
	t := &tray{app: da}
	t.progress = fyne.NewMenuItem("", u.win.Show)
	t.start = fyne.NewMenuItem(lang.L("Start"), u.batch.Start)
	t.pause = fyne.NewMenuItem(lang.L("Pause all"), u.batch.PauseAll)
	t.quit = fyne.NewMenuItem(lang.L("Quit"), u.Quit)
	t.quit.IsQuit = true
	show := fyne.NewMenuItem(lang.L("Show the window"), u.win.Show)
	t.menu = fyne.NewMenu(appName(u.app.Metadata()), t.progress, fyne.NewMenuItemSeparator(),
		t.start, t.pause, show, fyne.NewMenuItemSeparator(), t.quit)
	if icon := u.app.Icon(); icon != nil {
		da.SetSystemTrayIcon(icon)
	}
	da.SetSystemTrayMenu(t.menu)
	da.SetSystemTrayWindow(u.win)
	t.closing = closingOf(u)
	u.win.SetCloseIntercept(t.closing.pressed)
	u.tray = t
	t.show(u.totals.shown)
}

// show puts the progress in the menu and greys out what would do nothing.
func (t *tray) show(v totalsView) {
	s := v.Summary
	start, pause := s.Paused > 0 || !s.Running && s.Left() > 0, s.Queued+s.Active+s.Waiting > 0
	text := lang.X("tray.progress", "{{.Done}} of {{.Total}} finished", kit.Data{"Done": humanize.Comma(int64(s.Finished())), "Total": humanize.Comma(int64(s.Total))})
	if t.progress.Label == text && t.start.Disabled == !start && t.pause.Disabled == !pause {
		return
	}
	t.progress.Label = text
	t.start.Disabled, t.pause.Disabled = !start, !pause
	t.app.SetSystemTrayMenu(t.menu)
}
