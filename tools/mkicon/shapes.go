package main

import "math"

// point is a position on the icon in unit coordinates: (0,0) is the top-left
// corner and (1,1) the bottom-right one.
type point struct{ x, y float64 }

// segment is a straight stroke with round caps.
type segment struct{ a, b point }

// distance returns how far p lies from the nearest point of s.
func (s segment) distance(p point) float64 {
	dx, dy := s.b.x-s.a.x, s.b.y-s.a.y
	t := ((p.x-s.a.x)*dx + (p.y-s.a.y)*dy) / (dx*dx + dy*dy)
	t = math.Max(0, math.Min(1, t))
	return math.Hypot(p.x-(s.a.x+t*dx), p.y-(s.a.y+t*dy))
}

// roundedSquare is a square centred on the icon, inset by margin on every side,
// with corners rounded by radius.
type roundedSquare struct{ margin, radius float64 }

// contains reports whether p lies inside the square.
func (r roundedSquare) contains(p point) bool {
	half := 0.5 - r.margin
	qx := math.Abs(p.x-0.5) - (half - r.radius)
	qy := math.Abs(p.y-0.5) - (half - r.radius)
	outside := math.Hypot(math.Max(qx, 0), math.Max(qy, 0))
	inside := math.Min(math.Max(qx, qy), 0)
	return outside+inside <= r.radius
}
