package pages

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Sizes that speak for a picture the page draws outside its article: a
// lead picture above the text, a hero.
const (
	bigShown = 500
	bigPixel = 800
)

// judge is what a page says about the pictures on it: its content, its
// parts and its galleries.
type judge struct {
	zs      zones
	content content
	grids   *grids
	// aboveRoots are the elements that hold the content: no part of the
	// page that holds the article is a header, a menu or a sidebar.
	aboveRoots map[*html.Node]bool
	// shop says the page sells something: its comments are reviews,
	// whose photos are of what it sells.
	shop bool
}

// newJudge reads a parsed page for the pictures found on it.
func newJudge(doc *html.Node, found []found) *judge {
	j := &judge{grids: newGrids(found), aboveRoots: map[*html.Node]bool{}, shop: isShop(doc)}
	j.content = findContent(doc, &j.zs)
	for r := range j.content.roots {
		for a := r.Parent; a != nil; a = a.Parent {
			j.aboveRoots[a] = true
		}
	}
	return j
}

// place is where on the page a picture is.
type place struct {
	inRoot, inRegion bool
	gallery          *html.Node
	zone             zone
	// review says the picture is in a shop's reviews (its comments): a
	// buyer's photo, whose thumbnail may be all the page gives of it.
	review bool
}

// verdict says why a reader would not want the picture f, "" when
// nothing on the page speaks against it, and whether it is whole: one of
// a gallery, or a full size linked from a thumbnail, whose size never
// leaves it out. Its size and whether it is only named are weighed once
// the picture's copies are folded together (see settle).
func (j *judge) verdict(f *found) (Reason, bool) {
	n := f.node
	if n == nil || f.named() {
		return "", false
	}
	p := j.placeOf(n)
	whole := p.gallery != nil || p.review || f.source == SourceLink || f.fullSize
	if why := j.kindOf(f, n, p); why != "" {
		return why, whole
	}
	if why := p.zone.reason(); why != "" {
		return why, whole
	}
	return j.standing(f, n, p), whole
}

// placeOf finds where n is: in the content, in the article's region, in
// a gallery, and in which parts of the page. Inside the content only the
// parts below it count, and the article's own header and footer are not
// the site's.
func (j *judge) placeOf(n *html.Node) place {
	var p place
	p.gallery = j.grids.gallery(n)
	var z zone
	for a := n.Parent; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if j.content.roots[a] {
			p.inRoot, p.inRegion = true, true
			break
		}
		if j.content.regions[a] {
			p.inRegion = true
			break
		}
		if !j.aboveRoots[a] {
			z |= j.zs.of(a)
		}
		p.review = p.review || j.shop && isReviews(a)
	}
	if p.inRegion {
		z &^= zoneLayout
	}
	if j.shop {
		p.review = p.review || z&zoneComments != 0
		z &^= zoneComments
	}
	p.zone = z
	return p
}

// isReviews says whether an element's class or id names it a review.
func isReviews(n *html.Node) bool {
	for _, w := range classWords(attr(n, "class"), attr(n, "id")) {
		if w == "review" || w == "reviews" || w == "rev" {
			return true
		}
	}
	return false
}

// standing weighs where a picture is that no part of the page speaks
// against: a teaser for another page, a picture outside the article, a
// background outside it.
func (j *judge) standing(f *found, n *html.Node, p place) Reason {
	switch {
	case p.inRoot:
		return ""
	case p.gallery != nil && !j.content.article:
		return ""
	case teaser(n):
		return ReasonRelated
	case p.inRegion, p.gallery != nil:
		return ""
	case f.source == SourceStyle || f.source == SourceLoaded:
		return ReasonBackground
	case j.content.article && !big(f):
		return ReasonOutside
	}
	return ""
}

// big says whether the page draws a picture large, or names it large.
func big(f *found) bool {
	return f.shownW >= bigShown || f.pixelW >= bigPixel
}

// kindOf tells an ad, an avatar, an icon or a logo by its address, the
// link around it, its alt text and the words of its class and its
// surroundings.
func (j *judge) kindOf(f *found, n *html.Node, p place) Reason {
	own, around := ownWords(f, n), aroundWords(n)
	alt := strings.ToLower(f.alt)
	switch {
	case adAddress(f.raw) || adAddress(linkHref(n)) || containsAny(alt, adAltWords) || j.labelledAd(n):
		return ReasonAd
	case avatarAddress(f.raw) || containsAny(own, avatarWords) || containsAny(around, avatarWords) || containsAny(alt, avatarAltWords):
		return ReasonAvatar
	case containsAny(own, iconPictureWords) || containsAny(around, iconAroundWords):
		return ReasonIcon
	case !p.inRoot && (containsAny(own, logoWords) || containsAny(around, logoWords)):
		return ReasonLogo
	}
	return ""
}

// adAddress says whether an address is an advertiser's or a tracker's.
func adAddress(raw string) bool {
	if raw == "" {
		return false
	}
	host, hostPath, path := addressParts(raw)
	return hostMatches(host, hostPath, adHosts) || startsAny(host, adHostStarts) || containsAny(path, adPathWords)
}

// avatarAddress says whether an address is a service's of people's
// pictures.
func avatarAddress(raw string) bool {
	host, hostPath, _ := addressParts(raw)
	return hostMatches(host, hostPath, avatarHosts)
}

// ownWords are, in lower case, the words of a picture's own markup: its
// address, title, class and id.
func ownWords(f *found, n *html.Node) string {
	return strings.ToLower(strings.Join([]string{f.raw, attr(n, "title"), attr(n, "class"), attr(n, "id")}, " "))
}

// aroundWords are, in lower case, the class and id of the two elements
// around a picture.
func aroundWords(n *html.Node) string {
	var parts []string
	a := n
	for i := 0; i < 2 && a.Parent != nil && a.Parent.Type == html.ElementNode; i++ {
		a = a.Parent
		parts = append(parts, attr(a, "class"), attr(a, "id"))
	}
	return strings.ToLower(strings.Join(parts, " "))
}

// labelledAd says whether the block around n, up to where it holds other
// pictures, carries a label that says it is an advertisement ("广告",
// "Sponsored"), as the law asks of ads in many countries.
func (j *judge) labelledAd(n *html.Node) bool {
	a := n
	for i := 0; i < 3 && a.Parent != nil && a.Parent.Type == html.ElementNode; i++ {
		a = a.Parent
		if j.grids.holds[a] > 1 {
			return false
		}
		if hasAdLabel(a, 0) {
			return true
		}
	}
	return false
}

// hasAdLabel says whether an element below n, a few levels down, says only
// that it is an advertisement.
func hasAdLabel(n *html.Node, level int) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c.DataAtom == atom.Script {
			continue
		}
		if c.FirstChild != nil && c.FirstChild == c.LastChild && c.FirstChild.Type == html.TextNode &&
			adLabels[strings.ToLower(strings.TrimSpace(c.FirstChild.Data))] {
			return true
		}
		if level < 2 && hasAdLabel(c, level+1) {
			return true
		}
	}
	return false
}

// addressParts splits a raw address into its host, host and path, and
// path, in lower case; a relative address has no host.
func addressParts(raw string) (host, hostPath, path string) {
	u, err := url.Parse(strings.Trim(raw, htmlSpace))
	if err != nil {
		return "", "", strings.ToLower(raw)
	}
	host = strings.ToLower(u.Hostname())
	path = strings.ToLower(u.EscapedPath())
	return host, host + path, path
}

// startsAny says whether host starts with one of the labels given.
func startsAny(host string, starts []string) bool {
	for _, s := range starts {
		if strings.HasPrefix(host, s) {
			return true
		}
	}
	return false
}

// maxTeaserText is the most text, in letters, a teaser's card holds;
// minTeaserText the least: a headline.
const (
	minTeaserText = 16
	maxTeaserText = 400
)

// teaser says whether the picture at n is a teaser for another page: it
// links to a page (not to a picture, not within this page) whose card
// holds a headline.
func teaser(n *html.Node) bool {
	link := enclosingLink(n)
	if link == nil {
		return false
	}
	href := strings.TrimSpace(attr(link, "href"))
	if href == "" || strings.HasPrefix(href, "#") || hasPrefixFold(href, "javascript:") || namesImageFile(href) {
		return false
	}
	t := letters(textOf(link, 4*maxTeaserText))
	if t < minTeaserText && link.Parent != nil {
		t = letters(textOf(link.Parent, 4*maxTeaserText))
	}
	return t >= minTeaserText && t <= maxTeaserText
}

// linkHref is the address of the link around n, "" when there is none.
func linkHref(n *html.Node) string {
	if link := enclosingLink(n); link != nil {
		return attr(link, "href")
	}
	return ""
}

// enclosingLink is the link a few levels above n, or nil.
func enclosingLink(n *html.Node) *html.Node {
	a := n
	for i := 0; i < 4 && a != nil && a.Type == html.ElementNode; i++ {
		if a.Type == html.ElementNode && a.DataAtom == atom.A {
			return a
		}
		a = a.Parent
	}
	return nil
}
