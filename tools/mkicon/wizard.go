package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"os"

	"golang.org/x/image/bmp"
)

// The picture on the left of the installer's welcome and finish pages:
// NSIS's Modern UI takes a 164×314 BMP.
const (
	wizardWidth  = 164
	wizardHeight = 314
	wizardIcon   = 120
)

// wizardTop and wizardBottom are the ends of the picture's pale blue
// vertical gradient, behind the icon.
var (
	wizardTop    = color.NRGBA{R: 0xe8, G: 0xf0, B: 0xfe, A: 0xff}
	wizardBottom = color.NRGBA{R: 0xc7, G: 0xd9, B: 0xfb, A: 0xff}
)

// drawWizard is the installer's picture: Haul's icon in the upper third
// of a pale blue gradient.
func drawWizard() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, wizardWidth, wizardHeight))
	for y := range wizardHeight {
		c := blend(wizardTop, wizardBottom, float64(y)/float64(wizardHeight-1))
		for x := range wizardWidth {
			img.SetNRGBA(x, y, c)
		}
	}
	at := image.Pt((wizardWidth-wizardIcon)/2, wizardHeight/3-wizardIcon/2)
	draw.Draw(img, image.Rectangle{Min: at, Max: at.Add(image.Pt(wizardIcon, wizardIcon))}, drawIcon(wizardIcon), image.Point{}, draw.Over)
	return img
}

// writeWizardBMP writes the installer's picture to path as a 24-bit BMP.
func writeWizardBMP(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	if err := bmp.Encode(f, drawWizard()); err != nil {
		f.Close()
		return fmt.Errorf("encode %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", path, err)
	}
	return nil
}
