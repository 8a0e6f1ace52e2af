package pages

import "net/url"

// Tidy turns pictures gathered from several readings of one page (a page
// rendered and scrolled in a browser) into a list as Find returns it:
// addresses resolved against page, icons and placeholders left out, each
// picture once, at the largest of the sizes mentioned, chosen as the
// readings judged them, with the page's title. A picture the browser
// loaded that the page does not show (SourceLoaded) counts as a
// background.
func Tidy(page *url.URL, images []Image) []Image {
	var s scan
	title := ""
	for _, img := range images {
		f := found{raw: img.URL, alt: img.Alt, width: img.Width, height: img.Height, source: img.Source}
		switch {
		case img.fit.copies > 0: // judged by Find
			carried := img.fit
			f.carried = &carried
		case img.Source == SourceLoaded:
			f.why = ReasonBackground
		}
		s.add(f)
		if title == "" {
			title = img.PageTitle
		}
	}
	tidy := s.resolveImages(page, page)
	settle(tidy)
	withPageTitle(tidy, title)
	return tidy
}
