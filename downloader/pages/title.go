package pages

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// documentTitle returns the text of a document's first <title> outside SVG
// and MathML, with runs of white space made one space; "" when it has none.
func documentTitle(n *html.Node) string {
	if n.Type == html.ElementNode && n.DataAtom == atom.Title && n.Namespace == "" {
		var b strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				b.WriteString(c.Data)
			}
		}
		return strings.Join(strings.Fields(b.String()), " ")
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if t := documentTitle(c); t != "" {
			return t
		}
	}
	return ""
}

// withPageTitle sets the page title of every image.
func withPageTitle(images []Image, title string) {
	for i := range images {
		images[i].PageTitle = title
	}
}
