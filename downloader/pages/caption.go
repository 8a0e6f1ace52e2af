package pages

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxCaption is the most of a caption, in bytes, kept as a picture's
// description.
const maxCaption = 300

// captionOf is the caption of the figure a picture is in: its figcaption,
// with runs of white space made one space; "" when it has none.
func captionOf(img *html.Node) string {
	a := img.Parent
	for i := 0; i < 4 && a != nil; i++ {
		if a.Type == html.ElementNode && a.DataAtom == atom.Figure {
			if c := firstDescendant(a, atom.Figcaption); c != nil {
				return strings.Join(strings.Fields(textOf(c, maxCaption)), " ")
			}
			return ""
		}
		a = a.Parent
	}
	return ""
}
