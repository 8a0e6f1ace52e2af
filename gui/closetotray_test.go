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
			h.ui.closeWindow()
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
			h.ui.closeWindow()
			if len(h.ui.dialogs) != 0 {
				t.Error("the second close asked again")
			}
			if app.quit != tt.wantQuit {
				t.Errorf("the second close: quit = %v, want %v", app.quit, tt.wantQuit)
			}
		})
	}
}

// TestCloseQuitsSetting: the setting exists only with a tray icon, and
// turning it on makes the close button quit without a word.
func TestCloseQuitsSetting(t *testing.T) {
	h := newHarness(t, nil)
	if h.ui.closeQuitsCheck() != nil {
		t.Error("a setting of what closing does, without a tray icon (closing then quits)")
	}
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus")
	app := &quitApp{trayApp: trayApp{App: h.app}}
	h.ui.app = app
	h.ui.addTray()
	check, ok := h.ui.closeQuitsCheck().(interface{ SetChecked(bool) })
	if !ok {
		t.Fatal("no setting of what closing does")
	}
	check.SetChecked(true)
	h.ui.closeWindow()
	if !app.quit || len(h.ui.dialogs) != 0 {
		t.Errorf("with the setting on, closing: quit = %v, %d dialogs", app.quit, len(h.ui.dialogs))
	}
}
