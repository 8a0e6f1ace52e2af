package pages

import (
	"fmt"
	"io"
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"haul/downloader/markup"
)

// Find parses one HTML document fetched from pageURL and returns its images
// (full-size preferred, deduplicated, in document order) and the absolute
// address of its rel=next page ("" if none). The package documentation
// lists the rules. Broken markup is read the way browsers read it; the
// error reports only a failure to read r or a page address that is not
// absolute.
func Find(r io.Reader, pageURL *url.URL) (images []Image, next string, err error) {
	if pageURL == nil || !pageURL.IsAbs() {
		return nil, "", fmt.Errorf("find images: the page address %v is not a full web address", pageURL)
	}
	doc, err := html.ParseWithOptions(r, html.ParseOptionEnableScripting(false))
	if err != nil {
		return nil, "", fmt.Errorf("find images on %s: %w", pageURL.Redacted(), err)
	}
	var s scan
	s.walk(doc, false)
	s.judge(doc)
	base := s.baseURL(pageURL)
	images = s.resolveImages(base, pageURL)
	settle(images)
	withPageTitle(images, documentTitle(doc))
	return images, s.resolveNext(base), nil
}

// found is a picture address as written in the document, before resolving.
type found struct {
	raw           string
	alt           string
	width, height int
	source        string
	// node is the element that names the picture; nil when not known.
	node *html.Node
	// shownW and shownH are the size the page draws the picture at, by
	// its width and height attributes; pixelW and pixelH its own size,
	// by a width descriptor or the page's data.
	shownW, shownH int
	pixelW, pixelH int
	// fullSize says the address is the full size a tile's or a
	// thumbnail's data names for the thumbnail (data-zoom-image).
	fullSize bool
	// why and whole are the page's verdict on the picture (judge.verdict).
	why   Reason
	whole bool
	// carried is what an earlier reading of the page knew of the
	// picture, for pictures gathered from several readings (Tidy).
	carried *fit
}

// named says the page only names the picture, in its data or meta tags,
// and does not show it.
func (f found) named() bool {
	switch f.source {
	case SourceData, SourceSchema, SourceMeta:
		return !f.fullSize
	}
	return false
}

// scan collects what one walk over a document finds.
type scan struct {
	found    []found
	baseHref string // the first <base href>, wherever it appears
	haveBase bool
	nextHref string // the first rel=next link
	haveNext bool
	// at is the element being visited, which names what is found.
	at *html.Node
}

// judge gives every picture found the page's verdict on it.
func (s *scan) judge(doc *html.Node) {
	j := newJudge(doc, s.found)
	for i := range s.found {
		s.found[i].why, s.found[i].whole = j.verdict(&s.found[i])
	}
}

// walk visits n and its descendants in document order. Below a link to an
// image file, thumbnails are not collected.
func (s *scan) walk(n *html.Node, inImageLink bool) {
	if n.Type == html.ElementNode {
		descend, imageLink := s.visit(n, inImageLink)
		if !descend {
			return
		}
		inImageLink = inImageLink || imageLink
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		s.walk(c, inImageLink || replacedByNoscript(c))
	}
}

// visit records what one element contributes. It reports whether the
// element's children still need walking and whether the element is a link
// to a full-size image.
func (s *scan) visit(n *html.Node, inImageLink bool) (descend, imageLink bool) {
	s.at = n
	if !inImageLink {
		for _, u := range styleImageURLs(attr(n, "style")) {
			s.add(found{raw: u, source: SourceStyle})
		}
	}
	s.addMicrodata(n)
	if s.addDataAttributes(n, inImageLink) {
		return true, true
	}
	switch n.DataAtom {
	case atom.Script:
		s.addScript(n)
		return false, false
	case atom.Base:
		s.noteBase(n)
	case atom.Link:
		s.noteNext(n)
	case atom.Meta:
		s.addMeta(n)
	case atom.A:
		return true, s.addImageLink(n)
	case atom.Img:
		if !inImageLink && !isSchemaThumbnail(n) {
			s.addImg(n)
		}
	case atom.Picture:
		if !inImageLink {
			s.addPicture(n)
		}
		return false, false
	}
	return true, false
}

// noteBase keeps the first <base href>, against which addresses resolve.
func (s *scan) noteBase(n *html.Node) {
	if href, ok := attrOK(n, "href"); ok && !s.haveBase {
		s.baseHref, s.haveBase = href, true
	}
}

// addImageLink notes a link to the next page, and records a link to a
// full-size image; it reports whether the link is one.
func (s *scan) addImageLink(n *html.Node) bool {
	s.noteNext(n)
	href := attr(n, "href")
	if !namesImageFile(href) || isPlaceholder(href) {
		return false
	}
	s.add(found{raw: href, alt: linkAlt(n), source: SourceLink})
	return true
}

// addMeta records an og:image or twitter:image meta tag.
func (s *scan) addMeta(n *html.Node) {
	name, ok := attrOK(n, "property")
	if !ok {
		name = attr(n, "name")
	}
	if markup.IsImageMeta(name) {
		s.add(found{raw: attr(n, "content"), source: SourceMeta})
	}
}

// noteNext remembers the first link or anchor marked rel=next.
func (s *scan) noteNext(n *html.Node) {
	if s.haveNext {
		return
	}
	for _, rel := range strings.Fields(attr(n, "rel")) {
		if strings.EqualFold(rel, "next") {
			if href, ok := attrOK(n, "href"); ok {
				s.nextHref, s.haveNext = href, true
			}
			return
		}
	}
}

// add records an address unless it is empty or a placeholder, named by
// the element being visited unless it says otherwise.
func (s *scan) add(f found) {
	if strings.Trim(f.raw, htmlSpace) == "" || isPlaceholder(f.raw) {
		return
	}
	if f.node == nil {
		f.node = s.at
	}
	s.found = append(s.found, f)
}

// linkAlt returns a description for a link to an image: the alt text of the
// first img inside it, else the link's title.
func linkAlt(a *html.Node) string {
	if img := firstDescendant(a, atom.Img); img != nil {
		if alt := attr(img, "alt"); alt != "" {
			return alt
		}
	}
	return attr(a, "title")
}

// firstDescendant returns the first element of kind a below n, or nil.
func firstDescendant(n *html.Node, a atom.Atom) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == a {
			return c
		}
		if d := firstDescendant(c, a); d != nil {
			return d
		}
	}
	return nil
}

// attr returns the value of an element's attribute, or "".
func attr(n *html.Node, key string) string {
	v, _ := attrOK(n, key)
	return v
}

// attrOK returns the value of an element's attribute and whether it is set.
func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}
