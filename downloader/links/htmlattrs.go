package links

import (
	"strings"

	xhtml "golang.org/x/net/html"

	"haul/downloader/markup"
)

// attrKind says how an HTML attribute holds addresses.
type attrKind int

const (
	attrNone   attrKind = iota
	attrURL             // one address
	attrSrcset          // a srcset list of addresses
)

// linkAttrs lists, by attribute and then element, the attributes that hold addresses.
var linkAttrs = map[string]map[string]attrKind{
	"srcset":      {"img": attrSrcset, "source": attrSrcset},
	"data-srcset": {"img": attrSrcset, "source": attrSrcset},
	"href":        {"a": attrURL, "area": attrURL, "link": attrURL},
	"src":         {"img": attrURL, "source": attrURL, "video": attrURL, "audio": attrURL, "track": attrURL, "embed": attrURL},
	"data-src":    {"img": attrURL, "source": attrURL},
	"poster":      {"video": attrURL},
	"data":        {"object": attrURL},
}

// linkAttr says whether attribute key of element tag holds addresses.
func linkAttr(tag, key string) attrKind { return linkAttrs[key][tag] }

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
		if content, ok := attrValue(tok, "content"); ok && markup.IsMediaMeta(prop) {
			vals = append(vals, content)
		}
		return vals
	}
	for _, a := range tok.Attr {
		switch linkAttr(tok.Data, a.Key) {
		case attrURL:
			vals = append(vals, a.Val)
		case attrSrcset:
			vals = append(vals, markup.SrcsetURLs(a.Val)...)
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

// attrValue returns the value of an element's attribute key.
func attrValue(tok xhtml.Token, key string) (string, bool) {
	for _, a := range tok.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
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
