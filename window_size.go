//go:build !nogui

package main

import (
	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// roomySize is the window's first size on a screen with room for it.
var roomySize = fyne.NewSize(1180, 720)

// screenShare is how much of the screen a first window may take, leaving
// room for the title bar, a taskbar or a panel.
const screenShare = 0.9

// initialSize is the window's first size: roomy, but never larger than the
// primary screen, so that on an 800×600 screen every button is on screen.
// Fyne tells apps nothing about screens, so this asks GLFW, which Fyne has
// started on this (the main) thread by the time a window exists.
func initialSize(w fyne.Window) fyne.Size {
	monitor := glfw.GetPrimaryMonitor()
	if monitor == nil {
		return roomySize
	}
	mode := monitor.GetVideoMode()
	if mode == nil {
		return roomySize
	}
	widthMM, _ := monitor.GetPhysicalSize()
	scale := max(w.Canvas().Scale(), dpiScale(mode.Width, widthMM))
	screen := fyne.NewSize(float32(mode.Width)/scale, float32(mode.Height)/scale)
	return fitSize(roomySize, screen)
}

// dpiScale is the scale a screen of widthPx pixels and widthMM millimetres
// across is drawn at, as Fyne works it out: 1 at 96 dots per inch.
func dpiScale(widthPx, widthMM int) float32 {
	if widthMM <= 0 {
		return 1
	}
	dpi := float32(widthPx) / (float32(widthMM) / 25.4)
	if dpi < 10 || dpi > 1000 {
		return 1
	}
	return max(1, dpi/96)
}

// fitSize shrinks want to a share of the screen where the screen is too
// small for it.
func fitSize(want, screen fyne.Size) fyne.Size {
	if screen.Width <= 0 || screen.Height <= 0 {
		return want
	}
	return fyne.NewSize(min(want.Width, screen.Width*screenShare), min(want.Height, screen.Height*screenShare))
}
