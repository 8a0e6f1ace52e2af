package gui

import "testing"

// quitApp is a tray app that records Quit.
type quitApp struct {
	trayApp
	quit bool
}

func (a *quitApp) Quit() { a.quit = true }

// TestClosingTheWindowKeepsHaulInTheTray: the first close says that Haul
// stays in the tray and lets the user choose; the choice is remembered, and
// the setting under More… changes it.
func TestClosingTheWindowKeepsHaulInTheTray(t *testing.T) {
	tests := []struct {
		name     string
		button   string
		wantQuit bool
	}{
		{"keep running in the tray", "Keep running in the tray", false},
		{"quit", "Quit Haul", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus")
			h := newHarness(t, nil)
			app := &quitApp{trayApp: trayApp{App: h.app}}
			h.ui.app = app
			h.ui.addTray()
			h.win.Show()
			h.ui.tray.closing.pressed()
			if len(h.ui.dialogs) != 1 {
				t.Fatalf("the first close showed %d dialogs, want the one that explains the tray", len(h.ui.dialogs))
			}
			h.dialogButton(tt.button).OnTapped()
			if app.quit != tt.wantQuit {
				t.Errorf("quit = %v, want %v", app.quit, tt.wantQuit)
			}
			if h.ui.prefs.Bool(prefCloseQuits) != tt.wantQuit || !h.ui.prefs.Bool(prefCloseExplained) {
				t.Errorf("the choice was not remembered")
			}
			app.quit = false
			h.ui.tray.closing.pressed()
			if len(h.ui.dialogs) != 0 {
				t.Error("the second close asked again")
			}
			if app.quit != tt.wantQuit {
				t.Errorf("the second close: quit = %v, want %v", app.quit, tt.wantQuit)
			}
		})
	}
}

// TestCloseQuitsSetting: the setting of what closing does, under More…,
// makes the close button quit without a word.
func TestCloseQuitsSetting(t *testing.T) {
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus")
	h := newHarness(t, nil)
	app := &quitApp{trayApp: trayApp{App: h.app}}
	h.ui.app = app
	h.ui.addTray()
	h.ui.tray.closing.check().SetChecked(true)
	h.ui.tray.closing.pressed()
	if !app.quit || len(h.ui.dialogs) != 0 {
		t.Errorf("with the setting on, closing: quit = %v, %d dialogs", app.quit, len(h.ui.dialogs))
	}
}
