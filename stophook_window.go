//go:build !nogui

package main

import "fyne.io/fyne/v2"

// stopHooks is what Fyne's lifecycle offers beyond fyne.Lifecycle to say
// what runs as the app stops: the app's own hook and Fyne's clean-up (it
// saves Fyne's preferences).
type stopHooks interface {
	OnStopped() func()
	SetOnStopped(func())
	SetOnStoppedHookExecuted(func())
}

// takeStopHook takes what Fyne would run as the app stops out of its
// shutdown and returns it, for the caller to run once the app's loop has
// returned. Fyne 2.7.1 hands that hook to the UI thread through a queue
// it drains and closes at the same moment, so now and then the hook was
// lost and Fyne then waited for it for ever: the window had closed and
// saved its list, but Haul never ended (1 quit in about 70 under Wine),
// and the installer could not replace it. Run afterwards, on the main
// goroutine, the hook runs at once. It returns a hook that does nothing
// when Fyne offers none.
func takeStopHook(a fyne.App) func() {
	l, ok := a.Lifecycle().(stopHooks)
	if !ok {
		return func() {}
	}
	hook := l.OnStopped()
	l.SetOnStopped(nil)
	l.SetOnStoppedHookExecuted(nil)
	if hook == nil {
		return func() {}
	}
	return hook
}
