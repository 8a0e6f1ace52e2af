package main

import (
	"image"
	"image/color"
)

// supersample is how many samples per pixel side are averaged, which smooths
// the edges of the shapes.
const supersample = 4

var (
	// topBlue and bottomBlue are the ends of the background's vertical gradient.
	topBlue     = color.NRGBA{R: 0x3b, G: 0x82, B: 0xf6, A: 0xff}
	bottomBlue  = color.NRGBA{R: 0x1d, G: 0x4e, B: 0xd8, A: 0xff}
	white       = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	transparent = color.NRGBA{}
)

// background is the blue tile behind the glyph.
var background = roundedSquare{margin: 0.04, radius: 0.2}

// strokeRadius is half the width of every white stroke.
const strokeRadius = 0.042

// glyph is the white download sign: an arrow pointing down into an open tray.
var glyph = []segment{
	{point{0.5, 0.22}, point{0.5, 0.6}},    // arrow shaft
	{point{0.5, 0.62}, point{0.35, 0.47}},  // arrow head, left
	{point{0.5, 0.62}, point{0.65, 0.47}},  // arrow head, right
	{point{0.26, 0.62}, point{0.26, 0.78}}, // tray, left side
	{point{0.26, 0.78}, point{0.74, 0.78}}, // tray, bottom
	{point{0.74, 0.78}, point{0.74, 0.62}}, // tray, right side
}

// drawIcon renders the icon as a size×size image.
func drawIcon(size int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	samples := float64(supersample * supersample)
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b, a float64
			for sy := 0; sy < supersample; sy++ {
				for sx := 0; sx < supersample; sx++ {
					p := point{
						x: (float64(px) + (float64(sx)+0.5)/supersample) / float64(size),
						y: (float64(py) + (float64(sy)+0.5)/supersample) / float64(size),
					}
					c := colorAt(p)
					alpha := float64(c.A)
					r += float64(c.R) * alpha
					g += float64(c.G) * alpha
					b += float64(c.B) * alpha
					a += alpha
				}
			}
			img.SetNRGBA(px, py, average(r, g, b, a, samples))
		}
	}
	return img
}

// colorAt returns the colour of the icon at a single sample point.
func colorAt(p point) color.NRGBA {
	if !background.contains(p) {
		return transparent
	}
	for _, s := range glyph {
		if s.distance(p) <= strokeRadius {
			return white
		}
	}
	return blend(topBlue, bottomBlue, p.y)
}

// blend mixes from and to, with t=0 giving from and t=1 giving to.
func blend(from, to color.NRGBA, t float64) color.NRGBA {
	mix := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.NRGBA{R: mix(from.R, to.R), G: mix(from.G, to.G), B: mix(from.B, to.B), A: mix(from.A, to.A)}
}

// average turns alpha-weighted colour sums over n samples into one
// non-premultiplied pixel.
func average(r, g, b, a, n float64) color.NRGBA {
	if a == 0 {
		return transparent
	}
	return color.NRGBA{
		R: uint8(r/a + 0.5),
		G: uint8(g/a + 0.5),
		B: uint8(b/a + 0.5),
		A: uint8(a/n + 0.5),
	}
}
