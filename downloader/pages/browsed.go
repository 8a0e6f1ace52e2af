package pages

import (
	"net/url"
	"strings"
)

// Size is a size in pixels.
type Size struct{ Width, Height int }

// Browsed is what a browser showed of a page (the browser extension hands
// it over): its markup once scrolled, the pictures it found on it in
// order, the size it drew each at and each one's own size, by address.
type Browsed struct {
	Page  *url.URL
	Title string
	// HTML is the page's markup as the browser held it; "" when it was
	// not sent.
	HTML string
	// Links are the pictures the browser found; Named those of them the
	// page only links to.
	Links []string
	Named []string
	// Drawn are the sizes the page drew pictures at, in CSS pixels;
	// Natural their own sizes.
	Drawn, Natural map[string]Size
}

// FromBrowser chooses among the pictures of a page a browser showed, as
// Find does: the markup is read as Find reads a page (its <noscript>
// fallbacks, lazy-loading attributes and data included), and each picture
// the browser found besides (a background from a style sheet, a copy at
// another size) joins it, folded with its copies; a picture the browser
// drew but the markup does not show counts as a background, one it only
// links to as a link to a picture. The sizes the browser drew and read
// are the pictures' sizes. Without markup, the browser's pictures are
// judged by their sizes alone.
func FromBrowser(b Browsed) []Image {
	var images []Image
	if b.HTML != "" {
		images, _, _ = Find(strings.NewReader(b.HTML), b.Page)
	}
	named := map[string]bool{}
	for _, l := range b.Named {
		named[l] = true
	}
	for _, l := range b.Links {
		img := Image{URL: l, Page: b.Page.String(), Source: SourceLoaded}
		if named[l] {
			img.Source = SourceLink
		}
		if b.HTML == "" {
			img.Source = SourceImg
		}
		images = append(images, img)
	}
	images = Tidy(b.Page, images)
	for i := range images {
		sizeFromBrowser(&images[i], b.Drawn[images[i].URL], b.Natural[images[i].URL])
	}
	settle(images)
	withPageTitle(images, b.Title)
	return images
}

// sizeFromBrowser takes the sizes the browser gave a picture: drawn at a
// size (nothing when it drew it nowhere, 0 × 0), and of its own size.
func sizeFromBrowser(img *Image, drawn, natural Size) {
	if drawn.Width > 0 && drawn.Height > 0 {
		img.fit.shownW, img.fit.shownH = drawn.Width, drawn.Height
	}
	if natural.Width > 0 && natural.Height > 0 {
		img.fit.pixelW, img.fit.pixelH = natural.Width, natural.Height
		img.Width, img.Height = natural.Width, natural.Height
	}
}
