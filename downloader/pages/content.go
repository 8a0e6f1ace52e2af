package pages

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The main content of a page is found as the readability family finds
// it: every paragraph scores by its text (its length and its commas) and
// gives its score to its parent, less to its grandparent and less again
// further up; a block's score is weighed by its tag and by the words of
// its class, and lowered by the share of its text that is links. The block
// with the highest score holds the article. Its siblings that score well
// belong to it, and so do the blocks built like it (every post of a forum
// thread, every item of a feed). The article's region reaches up to the
// <article> or <main> around it, for the lead picture above the text.

// Scores of the content search.
const (
	// minParagraph is the least text, in letters (a Chinese, Japanese or
	// Korean character counts two), a paragraph needs to score.
	minParagraph = 25
	// articleScore is the least score of the best block for a page to be
	// an article; pages below it (galleries, feeds, shops) have no
	// article, and their pictures are judged without one.
	articleScore = 30
	// articleText is the least text, in letters, of an article.
	articleText = 500
	// classWeight is what a block's class words add or take away.
	classWeight = 25
)

// positiveWords and negativeWords in a block's class or id make it
// likelier, or less likely, to hold the article.
var (
	positiveWords = []string{"article", "body", "content", "entry", "hentry", "main", "page", "post", "text", "blog", "story", "cooked"}
	negativeWords = []string{"hidden", "banner", "combx", "comment", "contact", "foot", "footer", "footnote", "masthead", "media",
		"meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor", "shopping",
		"tags", "tool", "widget", "nav", "menu", "recommend"}
)

// content is the main content of a page.
type content struct {
	// article says the page is an article: a block of text it is about.
	article bool
	// roots are the blocks that hold the content.
	roots map[*html.Node]bool
	// regions are what reaches up from the roots to the article around
	// them: a picture there is the article's too (its lead picture).
	regions map[*html.Node]bool
}

// contentScorer scores a document's blocks.
type contentScorer struct {
	scores map[*html.Node]float64
	order  []*html.Node // the scored blocks, in the order first scored
	zs     *zones
}

// findContent finds the main content of doc.
func findContent(doc *html.Node, zs *zones) content {
	cs := contentScorer{scores: map[*html.Node]float64{}, zs: zs}
	cs.scoreParagraphs(doc, false)
	top, best := cs.top()
	c := content{roots: map[*html.Node]bool{}, regions: map[*html.Node]bool{}}
	if top == nil || best < articleScore || letters(textOf(top, articleText*4)) < articleText {
		return c
	}
	c.article = true
	c.roots[top] = true
	cs.addSiblings(&c, top, best)
	cs.addLookalikes(&c, doc, top)
	for r := range c.roots {
		c.regions[regionOf(r)] = true
	}
	return c
}

// scoreParagraphs scores every paragraph below n outside the parts of a
// page that are never its content.
func (cs *contentScorer) scoreParagraphs(n *html.Node, skip bool) {
	if n.Type == html.ElementNode {
		switch n.DataAtom {
		case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Svg:
			return
		}
		if cs.zs.of(n)&(zoneLayout|zoneSidebar|zoneRelated|zoneComments|zoneAd|zoneSignature) != 0 {
			skip = true
		}
		if !skip && isParagraph(n) {
			cs.scoreParagraph(n)
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		cs.scoreParagraphs(c, skip)
	}
}

// isParagraph says whether n is scored as a paragraph: a p, pre, td or
// blockquote, or a div, section or span holding text of its own.
func isParagraph(n *html.Node) bool {
	switch n.DataAtom {
	case atom.P, atom.Pre, atom.Td, atom.Blockquote:
		return true
	case atom.Div, atom.Section, atom.Span, atom.Font:
		return hasOwnText(n)
	}
	return false
}

// hasOwnText says whether n holds text outside its block children.
func hasOwnText(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
			return true
		}
	}
	return false
}

// scoreParagraph gives a paragraph's score to the blocks above it.
func (cs *contentScorer) scoreParagraph(p *html.Node) {
	text := inlineText(p)
	n := letters(text)
	if n < minParagraph {
		return
	}
	score := 1 + float64(commas(text)) + min(float64(n/100), 3)
	level := 0
	for a := p.Parent; a != nil && a.Type == html.ElementNode && level < 5; a = a.Parent {
		if _, ok := cs.scores[a]; !ok {
			cs.scores[a] = initialScore(a)
			cs.order = append(cs.order, a)
		}
		switch level {
		case 0:
			cs.scores[a] += score
		case 1:
			cs.scores[a] += score / 2
		default:
			cs.scores[a] += score / float64(level*3)
		}
		level++
	}
}

// initialScore is a block's score before its paragraphs: by its tag and
// the words of its class and id.
func initialScore(n *html.Node) float64 {
	s := 0.0
	switch n.DataAtom {
	case atom.Div, atom.Article, atom.Main, atom.Section:
		s = 5
	case atom.Pre, atom.Td, atom.Blockquote:
		s = 3
	case atom.Address, atom.Ol, atom.Ul, atom.Dl, atom.Dd, atom.Dt, atom.Li, atom.Form:
		s = -3
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Th:
		s = -5
	case atom.Body, atom.Html:
		s = -classWeight
	}
	words := strings.ToLower(attr(n, "class") + " " + attr(n, "id"))
	if containsAny(words, negativeWords) {
		s -= classWeight
	}
	if containsAny(words, positiveWords) {
		s += classWeight
	}
	return s
}

// top returns the block with the best score, weighed by its links.
func (cs *contentScorer) top() (*html.Node, float64) {
	var top *html.Node
	best := 0.0
	for _, n := range cs.order {
		s := cs.scores[n] * (1 - linkDensity(n))
		if top == nil || s > best {
			top, best = n, s
		}
	}
	return top, best
}

// addSiblings adds the top block's siblings that score well, as the
// readability family does.
func (cs *contentScorer) addSiblings(c *content, top *html.Node, best float64) {
	if top.Parent == nil {
		return
	}
	threshold := max(10, best*0.2)
	for s := top.Parent.FirstChild; s != nil; s = s.NextSibling {
		if s != top && s.Type == html.ElementNode && cs.scores[s]*(1-linkDensity(s)) >= threshold {
			c.roots[s] = true
		}
	}
}

// addLookalikes adds the blocks built like the top one, by tag and class:
// the other posts of a thread, the other items of a feed.
func (cs *contentScorer) addLookalikes(c *content, doc, top *html.Node) {
	sig := signature(top)
	if sig == "" {
		return
	}
	var walk func(*html.Node, bool)
	walk = func(n *html.Node, skip bool) {
		if n.Type == html.ElementNode {
			if cs.zs.of(n)&(zoneLayout|zoneSidebar|zoneRelated|zoneComments|zoneAd) != 0 {
				skip = true
			}
			if !skip && n != top && signature(n) == sig {
				c.roots[n] = true
				return
			}
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch, skip)
		}
	}
	walk(doc, false)
}

// signature is an element's tag and class with digits left out, or ""
// for an element without a class.
func signature(n *html.Node) string {
	class := strings.Join(strings.Fields(attr(n, "class")), " ")
	if class == "" {
		return ""
	}
	class = strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return -1
		}
		return r
	}, class)
	return n.Data + "." + class
}

// regionOf is the article around a content block: the nearest <article>,
// <main>, or element marked as the main content or an article (by role
// or itemtype) above it, else the block's parent unless that is the body.
func regionOf(root *html.Node) *html.Node {
	for a := root.Parent; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if isLandmark(a) {
			return a
		}
	}
	if p := root.Parent; p != nil && p.Type == html.ElementNode && p.DataAtom != atom.Body && p.DataAtom != atom.Html {
		return p
	}
	return root
}

// isLandmark says whether an element marks an article or the page's
// main content.
func isLandmark(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Article, atom.Main:
		return true
	}
	if strings.EqualFold(attr(n, "role"), "main") {
		return true
	}
	typ := strings.ToLower(attr(n, "itemtype"))
	return containsAny(typ, []string{"article", "blogposting", "product"})
}

// inlineText is the text of n outside its block children.
func inlineText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(c *html.Node) {
		for d := c.FirstChild; d != nil; d = d.NextSibling {
			switch {
			case d.Type == html.TextNode:
				b.WriteString(d.Data)
			case d.Type == html.ElementNode && !isBlock(d) && d.DataAtom != atom.Script && d.DataAtom != atom.Style:
				walk(d)
			}
		}
	}
	walk(n)
	return b.String()
}

// isBlock says whether an element starts a block of its own.
func isBlock(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Div, atom.P, atom.Section, atom.Article, atom.Aside, atom.Nav, atom.Header, atom.Footer, atom.Main,
		atom.Table, atom.Tr, atom.Td, atom.Ul, atom.Ol, atom.Li, atom.Dl, atom.Figure, atom.Blockquote, atom.Pre, atom.Form,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// letters counts the letters of text: a Chinese, Japanese or Korean
// character counts two, since it says about as much as a short word.
func letters(text string) int {
	n := 0
	for _, r := range text {
		switch {
		case unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hangul, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r):
			n += 2
		case !unicode.IsSpace(r):
			n++
		}
	}
	return n
}

// commas counts the commas of text, in any script.
func commas(text string) int {
	return strings.Count(text, ",") + strings.Count(text, "，") + strings.Count(text, "、")
}

// linkDensity is the share of n's text that is inside links.
func linkDensity(n *html.Node) float64 {
	all := letters(textOf(n, 1<<16))
	if all == 0 {
		return 0
	}
	linked := 0
	var walk func(*html.Node)
	walk = func(c *html.Node) {
		for d := c.FirstChild; d != nil; d = d.NextSibling {
			if d.Type == html.ElementNode && d.DataAtom == atom.A {
				linked += letters(textOf(d, 1<<16))
				continue
			}
			walk(d)
		}
	}
	walk(n)
	return min(1, float64(linked)/float64(all))
}
