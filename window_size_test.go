//go:build !nogui

package main

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
)

func TestFitSize(t *testing.T) {
	tests := []struct {
		name         string
		want, screen fyne.Size
		fits         fyne.Size
	}{
		{"a large screen keeps the roomy size", roomySize, fyne.NewSize(1920, 1080), roomySize},
		{"an 800×600 screen", roomySize, fyne.NewSize(800, 600), fyne.NewSize(720, 540)},
		{"a short laptop screen", roomySize, fyne.NewSize(1366, 768), fyne.NewSize(1180, 691.2)},
		{"no screen known", roomySize, fyne.NewSize(0, 0), roomySize},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fitSize(tt.want, tt.screen)
			if math.Abs(float64(got.Width-tt.fits.Width)) > 0.01 || math.Abs(float64(got.Height-tt.fits.Height)) > 0.01 {
				t.Errorf("fitSize(%v, %v) = %v, want %v", tt.want, tt.screen, got, tt.fits)
			}
		})
	}
}

func TestDPIScale(t *testing.T) {
	tests := []struct {
		name             string
		widthPx, widthMM int
		want             float32
	}{
		{"96 dots per inch", 1920, 508, 1},
		{"192 dots per inch", 3840, 508, 2},
		{"size unknown", 1920, 0, 1},
		{"nonsense size", 1920, 1, 1},
		{"a low-resolution screen is never drawn smaller", 800, 400, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := dpiScale(tt.widthPx, tt.widthMM); got != tt.want {
				t.Errorf("dpiScale(%d, %d) = %v, want %v", tt.widthPx, tt.widthMM, got, tt.want)
			}
		})
	}
}
