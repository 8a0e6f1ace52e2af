package pages

import "net/url"

// Tidy turns pictures gathered from several readings of one page (a page
// rendered and scrolled in a browser) into a list as Find returns it:
// addresses resolved against page, icons and placeholders left out, each
// picture once, at the largest of the sizes mentioned, with the page's
// title.
func Tidy(page *url.URL, images []Image) []Image {
	var s scan
	title := ""
	for _, img := range images {
		s.add(found{raw: img.URL, alt: img.Alt, width: img.Width, height: img.Height, source: img.Source})
		if title == "" {
			title = img.PageTitle
		}
	}
	tidy := s.resolveImages(page, page)
	withPageTitle(tidy, title)
	return tidy
}
