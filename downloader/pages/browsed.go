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
	// page only links to, Backgrounds those it draws as backgrounds.
	Links       []string
	Named       []string
	Backgrounds []string
	// Drawn are the sizes the page drew pictures at, in CSS pixels;
	// Natural their own sizes.
	Drawn, Natural map[string]Size
}

// FromBrowser chooses among the pictures of a page a browser showed, as
// Find does: the markup is read as Find reads a page (its <noscript>
// fallbacks, lazy-loading attributes and data included), and each picture
// the browser found besides joins it, folded with its copies: a background
// from a style sheet counts as a background, a link to a picture as such,
// a picture it drew that the markup no longer holds (a long feed drops
// what was scrolled past) as a picture shown, and one it drew nowhere as a
// background. The sizes the browser drew
// and read are the pictures' sizes. Without markup, the browser's pictures
// are judged by their sizes alone.
func FromBrowser(b Browsed) []Image {
	var images []Image
	if b.HTML != "" {
		images, _, _ = Find(strings.NewReader(b.HTML), b.Page)
	}
	source := map[string]string{}
	for _, l := range b.Named {
		source[l] = SourceLink
	}
	for _, l := range b.Backgrounds {
		source[l] = SourceLoaded
	}
	known := variantsOf(images)
	for _, l := range b.Links {
		if known[variantKey(l)] || source[l] == "" && inMarkup(b.HTML, l) {
			continue // read from the markup, which says more of it
		}
		img := Image{URL: l, Page: b.Page.String(), Source: SourceImg}
		switch s, ok := source[l]; {
		case b.HTML == "":
		case ok:
			img.Source = s
		case b.Drawn[l] == Size{}:
			img.Source = SourceLoaded // the browser holds it but drew it nowhere
		}
		images = append(images, img)
	}
	images = Tidy(b.Page, images)
	drawn := map[string]Size{}
	for u, s := range b.Drawn {
		drawn[variantKey(u)] = s
	}
	for i := range images {
		d, ok := b.Drawn[images[i].URL]
		if !ok {
			d = drawn[variantKey(images[i].URL)]
		}
		sizeFromBrowser(&images[i], d, b.Natural[images[i].URL])
	}
	settle(images)
	withPageTitle(images, b.Title)
	return images
}

// sizeFromBrowser takes the sizes the browser gave a picture: drawn at a
// size (by this or another copy of it; nothing when it drew it nowhere,
// 0 × 0, or stretched it out of shape), and of its own size.
func sizeFromBrowser(img *Image, drawn, natural Size) {
	if drawn.Width > 0 && drawn.Height > 0 && !stretched(drawn, natural) {
		img.fit.shownW, img.fit.shownH = drawn.Width, drawn.Height
	}
	if natural.Width > 0 && natural.Height > 0 {
		img.fit.pixelW, img.fit.pixelH = natural.Width, natural.Height
		img.Width, img.Height = natural.Width, natural.Height
	}
}

// variantsOf are the keys of the pictures' copies (variantOf).
func variantsOf(images []Image) map[string]bool {
	keys := map[string]bool{}
	for _, img := range images {
		keys[variantKey(img.URL)] = true
	}
	return keys
}

// variantKey is the key shared by every copy of the picture at raw.
func variantKey(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	key, _ := variantOf(u)
	return key
}

// stretched says whether a picture was drawn out of its own shape, twice
// as wide for its height or more: the drawn size is then the page's box,
// not what a reader sees of the picture.
func stretched(drawn, natural Size) bool {
	if natural.Width <= 0 || natural.Height <= 0 {
		return false
	}
	a := float64(drawn.Width) * float64(natural.Height)
	b := float64(natural.Width) * float64(drawn.Height)
	return a > 2*b || b > 2*a
}

// inMarkup says whether the markup names the address l of a picture the
// browser drew, as written or by its path: the element that names it was
// read, and what Find made of it (another copy, or nothing) stands.
func inMarkup(html, l string) bool {
	if html == "" {
		return false
	}
	u, err := url.Parse(l)
	if err != nil {
		return false
	}
	forms := []string{l}
	if p := u.EscapedPath(); len(p) > 1 {
		forms = append(forms, u.Host+p)
		if u.RawQuery != "" {
			forms = append(forms, p+"?"+u.RawQuery)
		} else {
			forms = append(forms, `"`+p+`"`, "'"+p+"'", "("+p+")")
		}
	}
	for _, f := range forms {
		if strings.Contains(html, f) || strings.Contains(html, strings.ReplaceAll(f, "&", "&amp;")) {
			return true
		}
	}
	return false
}
