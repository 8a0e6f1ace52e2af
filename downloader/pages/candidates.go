package pages

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"haul/downloader/markup"
)

// lazySrcAttributes are the attributes lazy-loading scripts read the real
// picture address from: the common ones, Zhihu's data-actualsrc, Taobao's
// data-ks-lazyload, Discuz!'s file.
var lazySrcAttributes = []string{"data-src", "data-original", "data-lazy-src", "data-lazy", "data-actualsrc", "data-echo",
	"data-lazyload", "data-ks-lazyload", "data-lazyload-src", "lazy-src", "real_src", "file", "original"}

// looseLazyAttributes are lazy-loading attributes whose names other
// scripts use for other things: their value is taken only when it names a
// picture.
var looseLazyAttributes = map[string]bool{"file": true, "original": true}

// candidate is one address an img or picture offers for the same picture.
type candidate struct {
	raw    string
	width  int     // w descriptor, 0 when absent
	x      float64 // x descriptor; 1 for src and lazy addresses
	source string
	// full says a full-size data-* attribute names it (data-zoom-image).
	full bool
}

// preference orders candidates of equal size: lazy beats srcset beats src.
var preference = map[string]int{SourceImg: 0, SourceSrcset: 1, SourceLazy: 2}

// imgCandidates returns the addresses an img element offers.
func imgCandidates(img *html.Node) []candidate {
	var cs []candidate
	cs = appendSrcset(cs, attr(img, "data-srcset"), SourceLazy)
	for _, key := range lazySrcAttributes {
		v := attr(img, key)
		if looseLazyAttributes[key] && !namesImageFile(v) && !namesPicture(v) {
			continue
		}
		cs = appendPlain(cs, v, SourceLazy)
	}
	cs = appendFullSize(cs, img)
	cs = appendSrcset(cs, attr(img, "srcset"), SourceSrcset)
	return appendPlain(cs, attr(img, "src"), SourceImg)
}

// sourceCandidates returns the addresses a picture's source element offers.
func sourceCandidates(src *html.Node) []candidate {
	cs := appendSrcset(nil, attr(src, "data-srcset"), SourceLazy)
	return appendSrcset(cs, attr(src, "srcset"), SourceSrcset)
}

// appendSrcset adds the usable entries of a srcset list.
func appendSrcset(cs []candidate, srcset, source string) []candidate {
	for _, e := range markup.Srcset(srcset) {
		if !isPlaceholder(e.URL) {
			cs = append(cs, candidate{raw: e.URL, width: e.Width, x: e.Density, source: source})
		}
	}
	return cs
}

// appendPlain adds a single address, such as src or data-src, when usable.
func appendPlain(cs []candidate, raw, source string) []candidate {
	if raw == "" || isPlaceholder(raw) {
		return cs
	}
	return append(cs, candidate{raw: raw, x: 1, source: source})
}

// fullSizeDensity ranks a full-size data-* address (data-orig-file,
// data-zoom-image) above src and lazy addresses, which count as 1x.
const fullSizeDensity = 2

// appendFullSize adds the addresses an img's full-size data-* attributes
// give, and Discuz!'s zoomfile, ranked above its other addresses.
func appendFullSize(cs []candidate, img *html.Node) []candidate {
	for _, a := range img.Attr {
		if a.Namespace == "" && (strings.HasPrefix(a.Key, "data-") || a.Key == "zoomfile") && fullSizeRank(a.Key) > 0 && namesImageFile(a.Val) {
			cs = append(cs, candidate{raw: a.Val, x: fullSizeDensity, source: SourceLazy, full: true})
		}
	}
	return cs
}

// largest picks the full-size candidate: the widest when any has a width
// descriptor, else the highest density, with ties going to the preferred
// source and then to the first written. ok is false when cs is empty.
func largest(cs []candidate) (best candidate, ok bool) {
	for _, c := range cs {
		if !ok || larger(c, best) {
			best, ok = c, true
		}
	}
	return best, ok
}

// larger reports whether c is a bigger version of the picture than best.
func larger(c, best candidate) bool {
	switch {
	case c.width != best.width:
		return c.width > best.width
	case c.x != best.x:
		return c.x > best.x
	default:
		return preference[c.source] > preference[best.source]
	}
}

// addImg records the full-size address of an img element, unless it is an
// icon or tracking pixel.
func (s *scan) addImg(img *html.Node) {
	s.addChoice(img, imgCandidates(img))
}

// addPicture records one address for a picture element: the largest its
// sources and img offer, with the img's alt text and size.
func (s *scan) addPicture(pic *html.Node) {
	var cs []candidate
	var img *html.Node
	for c := pic.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		switch c.DataAtom {
		case atom.Source:
			cs = append(cs, sourceCandidates(c)...)
		case atom.Img:
			if img == nil {
				img = c
				cs = append(cs, imgCandidates(c)...)
			}
		}
	}
	if img == nil {
		img = pic
	}
	s.addChoice(img, cs)
}

// addChoice records the largest candidate with the alt text and size of
// img, skipping icon-sized images.
func (s *scan) addChoice(img *html.Node, cs []candidate) {
	widthAttr, heightAttr := attr(img, "width"), attr(img, "height")
	if isIconSized(widthAttr, heightAttr) {
		return
	}
	best, ok := largest(cs)
	if !ok {
		return
	}
	f := found{raw: best.raw, alt: attr(img, "alt"), source: best.source, node: img, fullSize: best.full}
	if f.alt == "" {
		f.alt = captionOf(img)
	}
	f.width, f.height = pictureSize(best, widthAttr, heightAttr)
	f.shownW, f.shownH = shownSize(widthAttr), shownSize(heightAttr)
	f.pixelW = best.width
	if f.pixelW > 0 && f.shownW > 0 && f.shownH > 0 {
		f.pixelH = f.shownH * f.pixelW / f.shownW
	}
	s.add(f)
}

// pictureSize works out a picture's pixel size from its width and height
// attributes, or from a width descriptor, scaling the height attribute by
// the same factor when both attributes are given.
func pictureSize(c candidate, widthAttr, heightAttr string) (width, height int) {
	w, wok := parseDimension(widthAttr)
	h, hok := parseDimension(heightAttr)
	if c.width == 0 {
		return w, h
	}
	if wok && hok && w > 0 {
		return c.width, h * c.width / w
	}
	return c.width, 0
}

// shownSize reads a width or height attribute as pixels; 0 for none, and
// for a share of the space around ("100%").
func shownSize(v string) int {
	if strings.Contains(v, "%") {
		return 0
	}
	n, _ := parseDimension(v)
	return n
}
