package links

import (
	"html"
	"net/url"
	"strings"

	xhtml "golang.org/x/net/html"
)

// attrKind says how an HTML attribute holds addresses.
type attrKind int

const (
	attrNone   attrKind = iota
	attrURL             // one address
	attrSrcset          // a srcset list of addresses
)

// linkAttr says whether attribute key of element tag holds addresses.
func linkAttr(tag, key string) attrKind {
	switch key {
	case "srcset", "data-srcset":
		if tag == "img" || tag == "source" {
			return attrSrcset
		}
	case "href":
		if tag == "a" || tag == "area" || tag == "link" {
			return attrURL
		}
	case "src":
		switch tag {
		case "img", "source", "video", "audio", "track", "embed":
			return attrURL
		}
	case "data-src":
		if tag == "img" || tag == "source" {
			return attrURL
		}
	case "poster":
		if tag == "video" {
			return attrURL
		}
	case "data":
		if tag == "object" {
			return attrURL
		}
	}
	return attrNone
}

// metaImageProperties are <meta> properties whose content is a media address.
var metaImageProperties = map[string]bool{
	"og:image": true, "og:image:url": true, "og:image:secure_url": true,
	"og:video": true, "og:video:url": true, "og:audio": true, "twitter:image": true,
}

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
func extractHTML(doc string) Result {
	refs, base := scanHTML(strings.TrimPrefix(doc, bom))
	c := newCollector(len(refs))
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

// tagAddresses returns the address values an element carries.
func tagAddresses(tok xhtml.Token) []string {
	var vals []string
	switch tok.Data {
	case "link":
		if rel, _ := attrValue(tok, "rel"); namesSiteOnly(rel) {
			return nil
		}
	case "meta":
		prop, ok := attrValue(tok, "property")
		if !ok {
			prop, _ = attrValue(tok, "name")
		}
		if content, ok := attrValue(tok, "content"); ok && metaImageProperties[strings.ToLower(strings.TrimSpace(prop))] {
			vals = append(vals, content)
		}
		return vals
	}
	for _, a := range tok.Attr {
		switch linkAttr(tok.Data, a.Key) {
		case attrURL:
			vals = append(vals, a.Val)
		case attrSrcset:
			vals = append(vals, srcsetURLs(a.Val)...)
		}
	}
	return vals
}

// namesSiteOnly reports whether a <link rel> names a site to connect to
// rather than a file.
func namesSiteOnly(rel string) bool {
	for _, r := range strings.Fields(strings.ToLower(rel)) {
		if r == "preconnect" || r == "dns-prefetch" {
			return true
		}
	}
	return false
}

func attrValue(tok xhtml.Token, key string) (string, bool) {
	for _, a := range tok.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
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
	v = strings.Trim(v, " \t\n\r\f")
	switch {
	case v == "", v[0] == '#', isPageMachinery(v):
		return
	case hasScheme(v):
		c.add(line, candidate{text: v, link: v})
	case base != nil:
		ref, err := url.Parse(v)
		if err != nil {
			c.problem(line, clip(v), reasonInvalid)
			return
		}
		c.add(line, candidate{text: v, link: base.ResolveReference(ref).String()})
	case strings.HasPrefix(v, "//"):
		c.add(line, candidate{text: v, link: "https:" + v})
	default:
		c.problem(line, clip(v), reasonRelative)
	}
}

// pageSchemes are schemes that, in a web page, are part of how the page works
// (inline images, scripts, contact links) rather than files to download.
var pageSchemes = []string{"data:", "javascript:", "mailto:", "tel:", "sms:", "about:", "blob:"}

// isPageMachinery reports whether an attribute value uses one of pageSchemes.
func isPageMachinery(v string) bool {
	for _, s := range pageSchemes {
		if hasPrefixFold(v, s) {
			return true
		}
	}
	return false
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

// lineCounter follows line numbers through consecutive raw tokens, counting
// "\r\n", "\n" and a lone "\r" as one line break each, even when a "\r\n"
// pair is split between two tokens.
type lineCounter struct {
	line      int
	pendingCR bool // the previous token ended with "\r"
}

// skipJoinedLF drops a leading "\n" that completes a "\r\n" begun by the
// previous token.
func (lc *lineCounter) skipJoinedLF(raw []byte) []byte {
	if lc.pendingCR && len(raw) > 0 && raw[0] == '\n' {
		return raw[1:]
	}
	return raw
}

func (lc *lineCounter) advance(raw []byte) {
	for i, b := range raw {
		switch b {
		case '\r':
			lc.line++
		case '\n':
			if !(i == 0 && lc.pendingCR) && !(i > 0 && raw[i-1] == '\r') {
				lc.line++
			}
		}
	}
	if len(raw) > 0 {
		lc.pendingCR = raw[len(raw)-1] == '\r'
	}
}
