package pages

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxScriptBytes is the largest script whose data is read; page state
// beyond it is left alone rather than slowing the search down.
const maxScriptBytes = 8 << 20

// microdataPictureProps are the itemprop names whose value is a picture.
var microdataPictureProps = map[string]bool{"image": true, "contenturl": true, "thumbnailurl": true}

// imageObjectTypes are the schema.org types that describe one picture.
var imageObjectTypes = []string{"imageobject", "photograph", "mediaobject"}

// addScript reads the pictures named in a script's data: JSON-LD as
// schema.org data, anything else as page state (JSON or objects assigned
// in JavaScript).
func (s *scan) addScript(n *html.Node) {
	text := nodeText(n)
	if text == "" || len(text) > maxScriptBytes || attr(n, "src") != "" {
		return
	}
	typ := strings.ToLower(strings.TrimSpace(attr(n, "type")))
	if typ == "application/ld+json" {
		if v, ok := parseJSON(text); ok {
			dataWalker{add: s.add, source: SourceSchema, schema: true}.walk(v, "")
		}
		return
	}
	if !isDataScriptType(typ) {
		return
	}
	for _, v := range scriptJSON(text) {
		dataWalker{add: s.add, source: SourceData}.walk(v, "")
	}
}

// isDataScriptType reports whether a script type can carry page state:
// JavaScript (no type, a JavaScript type, module) or JSON.
func isDataScriptType(typ string) bool {
	switch {
	case typ == "", typ == "module", strings.Contains(typ, "javascript"), strings.HasSuffix(typ, "json"):
		return true
	}
	return false
}

// nodeText returns the text directly inside n (a script's source).
func nodeText(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

// addDataAttributes reads JSON held in data-* attributes (a gallery
// widget's settings, a carousel's slides) and full-size addresses in
// data-* attributes of elements other than img, whose own are candidates.
// It reports whether n is a tile whose data names the full size of the
// one picture inside it (data-large-file-url, data-zoom): that address is
// taken as a link to it, and the thumbnail left out.
func (s *scan) addDataAttributes(n *html.Node, inImageLink bool) bool {
	best, bestRank := "", 0
	for _, a := range n.Attr {
		if a.Namespace != "" || !strings.HasPrefix(a.Key, "data-") {
			continue
		}
		v := strings.Trim(a.Val, htmlSpace)
		if s.addDataValue(a.Key, v) || n.DataAtom == atom.Img || inImageLink || !namesImageFile(v) {
			continue
		}
		if rank := fullSizeRank(a.Key); rank > bestRank {
			best, bestRank = v, rank
		}
	}
	if best == "" {
		return false
	}
	f := found{raw: best, source: SourceData}
	img, one := onlyImg(n)
	tile := one && n.DataAtom != atom.Picture
	if tile {
		f.fullSize, f.alt = true, attr(img, "alt")
	}
	s.add(f)
	return tile
}

// addDataValue records the pictures of a data-* attribute's value v that
// holds JSON or a lazy background, and reports whether it was one.
func (s *scan) addDataValue(key, v string) bool {
	switch {
	case strings.HasPrefix(v, "{") || strings.HasPrefix(v, "["):
		if data, ok := parseJSON(v); ok {
			dataWalker{add: s.add, source: SourceData}.walk(data, "")
		}
	case lazyBackgroundAttributes[key]:
		for _, u := range backgroundURLs(v) {
			s.add(found{raw: u, source: SourceStyle})
		}
	default:
		return false
	}
	return true
}

// lazyBackgroundAttributes hold a background picture that a lazy-loading
// script sets once the element scrolls into view (lazysizes' data-bg and
// the like), as an address or a CSS url(…).
var lazyBackgroundAttributes = map[string]bool{
	"data-bg": true, "data-bg-src": true, "data-background": true, "data-background-image": true,
}

// backgroundURLs reads a lazy background attribute: the url(…) addresses
// of a CSS value, or the value itself when it is a plain address.
func backgroundURLs(v string) []string {
	if urls := cssURLs(v); len(urls) > 0 {
		return urls
	}
	if v == "" || strings.ContainsAny(v, htmlSpace+"(){};") {
		return nil
	}
	return []string{v}
}

// fullSizeWords mark data-* attributes that hold the full-size picture
// (data-orig-file, data-full, data-hires, data-zoom-image, data-large-file,
// data-big), the first the largest: of several on one element, the one
// whose word comes first is the picture's full size.
var fullSizeWords = []string{"orig", "full", "hires", "hi-res", "zoom", "large", "big"}

// originalFileAttribute is the attribute image boards (Danbooru and its
// kin) give a post's original file in, beside its sample in
// data-large-file-url and its thumbnail in data-preview-file-url.
const originalFileAttribute = "data-file-url"

// fullSizeRank says how large a picture a data-* attribute name says it
// holds: 0 for an attribute that does not name the full size, higher for
// a larger one (see fullSizeWords).
func fullSizeRank(key string) int {
	if key == originalFileAttribute {
		return len(fullSizeWords) + 1
	}
	for i, w := range fullSizeWords {
		if strings.Contains(key, w) {
			return len(fullSizeWords) - i
		}
	}
	return 0
}

// addMicrodata records the pictures schema.org microdata names on n: an
// ImageObject's itemid, and image, contentUrl and thumbnailUrl properties
// of elements other than img (an img is collected as an img); a thumbnail
// is skipped when its item names the full-size picture.
func (s *scan) addMicrodata(n *html.Node) {
	if id, ok := attrOK(n, "itemid"); ok && isPictureItem(n) && looksLikeAddress(strings.TrimSpace(id)) {
		s.add(found{raw: id, source: SourceSchema})
	}
	if n.DataAtom == atom.Img {
		return
	}
	for _, prop := range strings.Fields(strings.ToLower(attr(n, "itemprop"))) {
		if !microdataPictureProps[prop] && (prop != "url" || !isPictureItem(itemScope(n))) {
			continue
		}
		if prop == "thumbnailurl" && hasFullSizeProp(itemScope(n)) {
			continue
		}
		if v := microdataValue(n); v != "" {
			s.add(found{raw: v, source: SourceSchema})
		}
	}
}

// isSchemaThumbnail reports whether an img is the thumbnailUrl of an item
// that also names its full-size picture.
func isSchemaThumbnail(img *html.Node) bool {
	for _, prop := range strings.Fields(strings.ToLower(attr(img, "itemprop"))) {
		if prop == "thumbnailurl" {
			return hasFullSizeProp(itemScope(img))
		}
	}
	return false
}

// microdataValue is an element's microdata value when it is an address.
func microdataValue(n *html.Node) string {
	switch n.DataAtom {
	case atom.Meta:
		return attr(n, "content")
	case atom.A, atom.Link, atom.Area:
		return attr(n, "href")
	case atom.Source, atom.Video, atom.Audio, atom.Embed, atom.Iframe, atom.Track:
		return attr(n, "src")
	case atom.Object:
		return attr(n, "data")
	}
	return ""
}

// itemScope returns the item n's properties belong to: its nearest
// ancestor with itemscope, or nil.
func itemScope(n *html.Node) *html.Node {
	for p := n.Parent; p != nil; p = p.Parent {
		if _, ok := attrOK(p, "itemscope"); ok && p.Type == html.ElementNode {
			return p
		}
	}
	return nil
}

// isPictureItem reports whether an item describes one picture: a
// schema.org ImageObject, Photograph or MediaObject, or a figure.
func isPictureItem(item *html.Node) bool {
	if item == nil {
		return false
	}
	if item.DataAtom == atom.Figure {
		return true
	}
	typ := strings.ToLower(attr(item, "itemtype"))
	for _, t := range imageObjectTypes {
		if strings.HasSuffix(strings.TrimRight(typ, "/ "), t) {
			return true
		}
	}
	return false
}

// hasFullSizeProp reports whether an item names its full-size picture: an
// itemid, or a contentUrl, url or image property.
func hasFullSizeProp(item *html.Node) bool {
	if item == nil {
		return false
	}
	if _, ok := attrOK(item, "itemid"); ok {
		return true
	}
	var walk func(n *html.Node) bool
	walk = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			for _, prop := range strings.Fields(strings.ToLower(attr(c, "itemprop"))) {
				if prop == "contenturl" || prop == "url" || prop == "image" {
					return true
				}
			}
			if _, nested := attrOK(c, "itemscope"); !nested && walk(c) {
				return true
			}
		}
		return false
	}
	return walk(item)
}
