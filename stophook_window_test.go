//go:build !nogui

package main

import (
	"os"
	"testing"

	"fyne.io/fyne/v2/app"
)

func TestTakeStopHookLeavesFyneNothingToRunAsItStops(t *testing.T) {
	tests := []struct {
		name    string
		ownHook bool
	}{
		{"Fyne's clean-up alone", false},
		{"the app's hook and Fyne's clean-up", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("XDG_CONFIG_HOME", fyneConfigDir(t))
			a := app.NewWithID("io.haul.test")
			ran := false
			if tt.ownHook {
				a.Lifecycle().SetOnStopped(func() { ran = true })
			}
			l, ok := a.Lifecycle().(stopHooks)
			if !ok {
				t.Fatalf("Fyne's lifecycle (%T) no longer offers its stop hooks: takeStopHook cannot keep Haul's quit from hanging", a.Lifecycle())
			}
			if l.OnStopped() == nil {
				t.Fatal("Fyne has no clean-up to run as the app stops; this test no longer tests anything")
			}
			stopped := takeStopHook(a)
			if f := l.OnStopped(); f != nil {
				t.Error("Fyne still has a hook to run as the app stops, through the queue that can lose it")
			}
			stopped()
			if ran != tt.ownHook {
				t.Errorf("the app's own hook ran: %v, want %v", ran, tt.ownHook)
			}
		})
	}
}

// fyneConfigDir is a folder for Fyne's settings of its own, removed after
// the test as far as Fyne, still writing there, lets it be.
func fyneConfigDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "haul-fyne-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	return dir
}
