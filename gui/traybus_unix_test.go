//go:build linux || freebsd || openbsd || netbsd || dragonfly

package gui

import (
	"net"
	"path/filepath"
	"testing"
)

func TestTrayHostReachable(t *testing.T) {
	withBus := t.TempDir()
	l, err := net.Listen("unix", filepath.Join(withBus, "bus"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	tests := []struct {
		name, address, runtimeDir string
		want                      bool
	}{
		{"no bus anywhere", "", t.TempDir(), false},
		{"address in the environment", "unix:path=/run/user/1000/bus", t.TempDir(), true},
		{"socket in the runtime folder", "", withBus, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("DBUS_SESSION_BUS_ADDRESS", tt.address)
			t.Setenv("XDG_RUNTIME_DIR", tt.runtimeDir)
			t.Setenv("PATH", t.TempDir())
			if got := trayHostReachable(); got != tt.want {
				t.Errorf("trayHostReachable() = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestNoTrayWithoutASessionBus(t *testing.T) {
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	t.Setenv("PATH", t.TempDir())
	h := newHarness(t, nil)
	tray := &trayApp{App: h.app}
	h.ui.app = tray
	h.ui.addTray()
	if tray.menu != nil || h.ui.tray != nil {
		t.Fatal("a tray icon was set up although no session bus can show it")
	}
}
