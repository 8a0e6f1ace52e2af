package main

import (
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func TestDrawIconColours(t *testing.T) {
	img := drawIcon(512)
	tests := []struct {
		name string
		x, y int
		want func(c color.NRGBA) bool
	}{
		{"corner is transparent", 2, 2, func(c color.NRGBA) bool { return c.A == 0 }},
		{"tile edge is blue", 256, 30, isBlue},
		{"beside the arrow is blue", 150, 200, isBlue},
		{"arrow shaft is white", 256, 200, isWhite},
		{"arrow tip is white", 256, 310, isWhite},
		{"tray bottom is white", 256, 399, isWhite},
		{"inside the tray is blue", 170, 360, isBlue},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if c := img.NRGBAAt(tt.x, tt.y); !tt.want(c) {
				t.Errorf("pixel (%d,%d) = %v", tt.x, tt.y, c)
			}
		})
	}
}

func TestWriteIcon(t *testing.T) {
	tests := []struct {
		name    string
		size    int
		wantErr bool
	}{
		{"usual size", 256, false},
		{"smallest size", 16, false},
		{"too small", 8, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "icon.png")
			err := writeIcon(path, tt.size)
			if (err != nil) != tt.wantErr {
				t.Fatalf("writeIcon(%d) error = %v, want error %v", tt.size, err, tt.wantErr)
			}
			if tt.wantErr {
				return
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatalf("decode written icon: %v", err)
			}
			if b := img.Bounds(); b.Dx() != tt.size || b.Dy() != tt.size {
				t.Errorf("icon is %dx%d, want %dx%d", b.Dx(), b.Dy(), tt.size, tt.size)
			}
		})
	}
}

func isBlue(c color.NRGBA) bool  { return c.A == 0xff && c.B > 0xc0 && c.R < 0x80 }
func isWhite(c color.NRGBA) bool { return c == white }
