package pages

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A gallery is a block of at least minTiles tiles, most of them built
// alike, each holding a picture or two and little text: an album, a
// feed's grid, a product's thumbnails. Its pictures stay together: their
// size never leaves them out.
const (
	minTiles = 4
	// maxTilePictures is the most pictures a tile holds (a photo, and its
	// owner's avatar).
	maxTilePictures = 3
	// maxTileText is the most text, in letters, a tile holds on average.
	maxTileText = 160
	// tileReach is how far above a picture its tile can start.
	tileReach = 6
)

// grids finds the galleries of a page.
type grids struct {
	// holds counts the pictures in each element and below it.
	holds map[*html.Node]int
	known map[*html.Node]bool
}

// newGrids notes where the pictures found are.
func newGrids(found []found) *grids {
	g := &grids{holds: map[*html.Node]int{}, known: map[*html.Node]bool{}}
	seen := map[*html.Node]bool{}
	for _, f := range found {
		n := f.node
		if n == nil || seen[n] || f.named() {
			continue
		}
		seen[n] = true
		for a := n; a != nil; a = a.Parent {
			g.holds[a]++
		}
	}
	return g
}

// gallery returns the gallery a picture at n is a tile of, or nil.
func (g *grids) gallery(n *html.Node) *html.Node {
	tile := n
	for a := n.Parent; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if g.holds[tile] <= maxTilePictures && g.isGallery(a) {
			return a
		}
		tile = a
		if depth(n, a) > tileReach {
			break
		}
	}
	return nil
}

// depth is how many levels a is above n.
func depth(n, a *html.Node) int {
	d := 0
	for p := n; p != nil && p != a; p = p.Parent {
		d++
	}
	return d
}

// isGallery says whether an element's children are the tiles of a
// gallery.
func (g *grids) isGallery(a *html.Node) bool {
	if v, ok := g.known[a]; ok {
		return v
	}
	v := g.judgeGallery(a)
	g.known[a] = v
	return v
}

func (g *grids) judgeGallery(a *html.Node) bool {
	items, tiles, text := 0, 0, 0
	tags := map[string]int{}
	for c := a.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || isScaffold(c) {
			continue
		}
		items++
		n := g.holds[c]
		if n == 0 {
			continue
		}
		if n > maxTilePictures {
			return false
		}
		tiles++
		tags[c.Data]++
		text += letters(textOf(c, 4*maxTileText))
	}
	if tiles < minTiles || tiles*10 < items*6 || text > tiles*maxTileText {
		return false
	}
	most := 0
	for _, n := range tags {
		most = max(most, n)
	}
	return most*10 >= tiles*7
}

// isScaffold says whether an element is no tile whatever it holds: a
// script, a heading, a line break.
func isScaffold(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Template, atom.Br, atom.Hr, atom.Noscript,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}
