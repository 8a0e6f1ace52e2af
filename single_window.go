//go:build !nogui

package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"

	"fyne.io/fyne/v2"

	"haul/gui"
	"haul/instance"
)

// claimLaunches makes this Haul the running one, which later launches and
// the browser's host hand what they were given. It says false when another
// Haul is the running one; the listener is nil when none could be made.
func claimLaunches() (net.Listener, bool) {
	path, err := instance.DefaultPath()
	if err == nil {
		var l net.Listener
		l, err = instance.Listen(path)
		if errors.Is(err, instance.ErrRunning) {
			return nil, false
		}
		if err == nil {
			return l, true
		}
	}
	fmt.Fprintf(os.Stderr, "haul: %v\n", err)
	return nil, true
}

// serveLaunches hands the window what later launches bring until stop.
func serveLaunches(l net.Listener, u *gui.UI) (stop func()) {
	if l == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	go instance.Serve(ctx, l, answerLaunch(u))
	return cancel
}

// answerLaunch hands the window what another launch brought; when the
// installer asks the Haul that runs this program file to quit (so that it
// can replace or remove the file), Haul quits as Quit in its menu does,
// keeping its list for next time. A request to quit another copy of Haul
// changes nothing.
func answerLaunch(u *gui.UI) func(instance.Request) instance.Reply {
	return func(r instance.Request) instance.Reply {
		if r.Quit == "" {
			return u.Receive(r)
		}
		if exe, err := os.Executable(); err == nil && r.Quits(exe) {
			fyne.Do(u.Quit)
		}
		return instance.Reply{}
	}
}
