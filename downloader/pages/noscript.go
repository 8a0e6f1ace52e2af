package pages

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Lazy-loading pages show a blurred or empty placeholder and put the real
// picture in a <noscript> fallback right after it, for readers without
// JavaScript. The document is parsed with scripting off, so the fallback's
// markup is read as elements; the placeholder before it is then skipped.

// noscriptReach is how many elements before a <noscript> fallback can be
// its placeholder (Medium writes a thumbnail, a canvas and a lazy img).
const noscriptReach = 3

// placeholderClassWords mark the class of a lazy-loading placeholder img.
var placeholderClassWords = []string{"lazy", "placeholder", "blur", "progressive", "thumbnail", "lqip"}

// replacedByNoscript reports whether n is a placeholder for the picture in
// a <noscript> fallback among the next few elements after it: it holds one
// img, and that img waits for a script (a lazy-loading attribute, a
// placeholder or missing src, or a placeholder class). An img whose
// lazy-loading address names another picture than the fallback's is a
// picture of its own, as in a gallery of lazy pictures that ends with one
// fallback.
func replacedByNoscript(n *html.Node) bool {
	if n.Type != html.ElementNode || n.DataAtom == atom.Noscript {
		return false
	}
	img, one := onlyImg(n)
	if !one || !waitsForScript(img) {
		return false
	}
	seen := 0
	for c := n.NextSibling; c != nil && seen < noscriptReach; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if c.DataAtom == atom.Noscript {
			return holdsPicture(c) && !lazyElsewhere(img, c)
		}
		seen++
	}
	return false
}

// holdsPicture reports whether n contains an img that is a real picture:
// not a placeholder, not icon-sized (a tracking pixel).
func holdsPicture(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if c.DataAtom == atom.Img {
			_, hasSrc := largest(imgCandidates(c))
			if hasSrc && !isIconSized(attr(c, "width"), attr(c, "height")) {
				return true
			}
		}
		if holdsPicture(c) {
			return true
		}
	}
	return false
}

// lazyElsewhere reports whether img has a lazy-loading address and the
// fallback noscript offers none of its addresses: img then waits for a
// script to show a picture of its own, not the fallback's.
func lazyElsewhere(img, noscript *html.Node) bool {
	var lazy []string
	for _, c := range imgCandidates(img) {
		if c.source == SourceLazy {
			lazy = append(lazy, c.raw)
		}
	}
	if len(lazy) == 0 {
		return false
	}
	offered := map[string]bool{}
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		if n.Type == html.ElementNode && n.DataAtom == atom.Img {
			for _, c := range imgCandidates(n) {
				offered[c.raw] = true
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(noscript)
	for _, raw := range lazy {
		if offered[raw] {
			return false
		}
	}
	return true
}

// onlyImg returns the one img that n is or contains; ok is false when there
// is none or more than one.
func onlyImg(n *html.Node) (img *html.Node, ok bool) {
	count := 0
	var visit func(*html.Node)
	visit = func(c *html.Node) {
		if c.Type == html.ElementNode && c.DataAtom == atom.Img {
			img = c
			count++
		}
		for d := c.FirstChild; d != nil && count < 2; d = d.NextSibling {
			visit(d)
		}
	}
	visit(n)
	return img, count == 1
}

// waitsForScript reports whether an img is a stand-in that a script
// replaces with the real picture.
func waitsForScript(img *html.Node) bool {
	for _, key := range lazySrcAttributes {
		if _, ok := attrOK(img, key); ok {
			return true
		}
	}
	if _, ok := attrOK(img, "data-srcset"); ok {
		return true
	}
	if src, ok := attrOK(img, "src"); !ok || isPlaceholder(src) {
		return true
	}
	class := strings.ToLower(attr(img, "class"))
	for _, w := range placeholderClassWords {
		if strings.Contains(class, w) {
			return true
		}
	}
	return false
}
