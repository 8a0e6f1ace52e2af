package pages

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// zone is the part of a page an element is, as a set of flags.
type zone uint8

// The parts of a page whose pictures a reader does not want.
const (
	zoneLayout zone = 1 << iota // the site's header, menus, footer
	zoneSidebar
	zoneRelated
	zoneComments
	zoneSignature
	zoneAd
	zoneShare // share and follow buttons
)

// reasonOf names the strongest part of z as a reason.
func (z zone) reason() Reason {
	switch {
	case z&zoneAd != 0:
		return ReasonAd
	case z&zoneShare != 0:
		return ReasonIcon
	case z&zoneRelated != 0:
		return ReasonRelated
	case z&zoneComments != 0:
		return ReasonComments
	case z&zoneSignature != 0:
		return ReasonSignature
	case z&zoneSidebar != 0:
		return ReasonSidebar
	case z&zoneLayout != 0:
		return ReasonLayout
	}
	return ""
}

// zones works out, and remembers, the part of a page each element is.
type zones struct {
	own map[*html.Node]zone
}

// of is the part of a page n alone makes: by its tag, its role, the words
// of its class and id, and the heading of its block.
func (zs *zones) of(n *html.Node) zone {
	if z, ok := zs.own[n]; ok {
		return z
	}
	z := tagZone(n) | roleZone(attr(n, "role")) | headingZone(n)
	for _, name := range strings.Fields(attr(n, "class") + " " + attr(n, "id")) {
		z |= nameZone(name)
	}
	if zs.own == nil {
		zs.own = map[*html.Node]zone{}
	}
	zs.own[n] = z
	return z
}

// nameZone is the part of a page a class or id name says: by its first or
// last word ("site-nav", "nav-menu", but not "answers-nav-wrapper"), or
// by a telling word inside it ("jp-relatedposts").
func nameZone(name string) zone {
	words := classWords(name)
	if len(words) == 0 {
		return 0
	}
	z := zoneWords[words[0]] | zoneWords[words[len(words)-1]] | zoneWords[strings.ToLower(name)]
	lower := strings.ToLower(name)
	for _, p := range zoneParts {
		if strings.Contains(lower, p.part) {
			z |= p.z
		}
	}
	return z
}

// tagZone is the part of a page an element's tag makes it.
func tagZone(n *html.Node) zone {
	switch n.DataAtom {
	case atom.Nav:
		return zoneLayout
	case atom.Header, atom.Footer:
		if !inSection(n) {
			return zoneLayout
		}
	case atom.Aside:
		return zoneSidebar
	case atom.Ins:
		return zoneAd
	}
	return 0
}

// inSection says whether a header or footer belongs to an article or a
// section rather than to the page.
func inSection(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.DataAtom {
		case atom.Article, atom.Section, atom.Main:
			return true
		}
	}
	return false
}

// roleZone is the part of a page an ARIA role names.
func roleZone(role string) zone {
	switch strings.ToLower(strings.TrimSpace(role)) {
	case "navigation", "banner", "contentinfo", "menubar", "menu":
		return zoneLayout
	case "complementary":
		return zoneSidebar
	}
	return 0
}

// headingZone reads the heading at the start of a block: "Related
// articles", "猜你喜欢" make it a block of other pages' pictures.
func headingZone(n *html.Node) zone {
	h := leadingHeading(n)
	if h == "" {
		return 0
	}
	h = strings.ToLower(h)
	switch {
	case containsAny(h, headingPhrases):
		return zoneRelated
	case containsAny(h, sidebarPhrases):
		return zoneSidebar
	}
	return 0
}

// maxHeadingText is the longest text read as a block's heading.
const maxHeadingText = 60

// leadingHeading is the text of the heading among a block's first few
// elements: an h1 to h6, or an element whose class says it is a title or
// a heading. Only blocks, not the page itself, have one.
func leadingHeading(n *html.Node) string {
	if n.Type != html.ElementNode || n.DataAtom == atom.Body || n.DataAtom == atom.Html || n.DataAtom == atom.A {
		return ""
	}
	seen := 0
	for c := n.FirstChild; c != nil && seen < 3; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		seen++
		if isHeading(c) {
			t := strings.TrimSpace(textOf(c, maxHeadingText+1))
			if len([]rune(t)) <= maxHeadingText {
				return t
			}
			return ""
		}
	}
	return ""
}

// isHeading says whether an element is a heading: h1 to h6, or an element
// whose class names it a title, heading or header.
func isHeading(n *html.Node) bool {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	case atom.Div, atom.Span, atom.Header, atom.P, atom.Strong, atom.Dt:
		for _, w := range classWords(attr(n, "class")) {
			switch w {
			case "title", "heading", "headline", "tit", "hd", "mt":
				return true
			}
		}
	}
	return false
}

// textOf is the text inside n, at most max bytes of it.
func textOf(n *html.Node, max int) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(c *html.Node) {
		if b.Len() >= max {
			return
		}
		switch {
		case c.Type == html.TextNode:
			b.WriteString(c.Data)
		case c.Type == html.ElementNode && (c.DataAtom == atom.Script || c.DataAtom == atom.Style):
			return
		}
		for d := c.FirstChild; d != nil; d = d.NextSibling {
			walk(d)
		}
	}
	walk(n)
	return b.String()
}
