package links

import (
	"html"
	"net/url"
	"strings"

	xhtml "golang.org/x/net/html"
)

// htmlRef is an address found in an HTML document.
type htmlRef struct {
	line      int
	cd        candidate
	attribute bool // an attribute value, which may need the page's base address
}

// extractHTML picks links out of an HTML document using a real HTML
// tokenizer: addresses in link-bearing attributes (a, img, source srcset,
// link href, video, audio, meta og:image…) and links written in the page's
// text. Script and style contents are ignored.
func extractHTML(doc string, opt Options) Result {
	refs, base := scanHTML(strings.TrimPrefix(doc, bom))
	c := newCollector(len(refs), opt.maxLinks())
	for _, r := range refs {
		if !r.attribute {
			c.add(r.line, r.cd)
			continue
		}
		addAttrValue(c, r.line, r.cd.text, base)
	}
	return c.result()
}

// scanHTML walks the document once and returns its addresses in order and
// the page's base address, if it names a usable one.
func scanHTML(doc string) ([]htmlRef, *url.URL) {
	var refs []htmlRef
	var base *url.URL
	baseSeen := false
	z := xhtml.NewTokenizer(strings.NewReader(doc))
	lines := lineCounter{line: 1}
	inScript := false
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			return refs, base
		}
		raw := z.Raw()
		line := lines.line
		switch tt {
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tok := z.Token()
			if tok.Data == "base" && !baseSeen {
				if href, ok := attrValue(tok, "href"); ok {
					baseSeen = true
					base = usableBase(href)
				}
			}
			for _, v := range tagAddresses(tok) {
				refs = append(refs, htmlRef{line: line, cd: candidate{text: v, link: v}, attribute: true})
			}
			inScript = tt == xhtml.StartTagToken && (tok.Data == "script" || tok.Data == "style")
		case xhtml.EndTagToken:
			inScript = false
		case xhtml.TextToken:
			if !inScript {
				refs = appendTextRefs(refs, lines.skipJoinedLF(raw), line)
			}
		}
		lines.advance(raw)
	}
}

// usableBase returns the <base href> address when it is a full http or https
// address, else nil (relative links are then reported).
func usableBase(href string) *url.URL {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil
	}
	return u
}

// appendTextRefs adds the links written in a run of page text that starts on
// line first.
func appendTextRefs(refs []htmlRef, raw []byte, first int) []htmlRef {
	eachLine(string(raw), first, func(num int, line string) {
		if strings.IndexByte(line, '&') >= 0 {
			line = html.UnescapeString(line)
		}
		scanLinks(line, func(cd candidate) {
			refs = append(refs, htmlRef{line: num, cd: cd})
		})
	})
	return refs
}

// addAttrValue records an attribute's address, resolving a relative one
// against base when the page has one.
func addAttrValue(c *collector, line int, v string, base *url.URL) {
	v = cleanAttrURL(v)
	switch {
	case v == "", v[0] == '#', isPageMachinery(v):
		return
	case hasScheme(v):
		c.add(line, candidate{text: v, link: v})
	case base != nil:
		ref, err := url.Parse(v)
		if err != nil {
			c.problem(line, clip(v), ReasonInvalid)
			return
		}
		c.add(line, candidate{text: v, link: base.ResolveReference(ref).String()})
	case strings.HasPrefix(v, "//"):
		c.add(line, candidate{text: v, link: "https:" + v})
	default:
		c.problem(line, clip(v), ReasonRelative)
	}
}

// attrURLCleaner removes tabs and line breaks inside an address and encodes
// its spaces, as browsers do with attribute values.
var attrURLCleaner = strings.NewReplacer("\t", "", "\n", "", "\r", "", " ", "%20")

// cleanAttrURL turns an attribute value into the address a browser would use.
func cleanAttrURL(v string) string {
	return attrURLCleaner.Replace(strings.Trim(v, " \t\n\r\f"))
}

// hasScheme reports whether v starts with a scheme name and a colon.
func hasScheme(v string) bool {
	if v == "" || !isLetter(v[0]) {
		return false
	}
	for i := 1; i < len(v); i++ {
		switch b := v[i]; {
		case b == ':':
			return true
		case !isSchemeByte(b):
			return false
		}
	}
	return false
}
