package links

import (
	"golang.org/x/text/encoding"

	"haul/downloader/glob"
)

// Options change how intake reads links.
type Options struct {
	// Literal takes square brackets and braces as part of an address, never
	// as a numbered pattern such as [001-120] (haul get -g).
	Literal bool
	// Legacy reads a text file that is not UTF-8, such as a CSV that Excel
	// saved in the system's old code page (GBK on Chinese Windows); nil
	// reads its bytes as they are.
	Legacy encoding.Encoding
}

// ExtractWith is Extract with options.
func ExtractWith(text string, opt Options) Result {
	return extractText(text, 0, opt)
}

// addPattern takes in a candidate that is a numbered pattern, such as
// https://site/img/[001-120].jpg, as the links it stands for. It reports
// false when the candidate is an ordinary link. A pattern that stands for
// more than glob.MaxLinks links is refused as a whole.
func (c *collector) addPattern(line int, cd candidate) bool {
	p, ok := glob.Parse(cd.link)
	if !ok {
		return false
	}
	expanded, err := p.Links() // fails only when there are too many
	if err != nil {
		c.problem(line, clip(cd.text), ReasonTooManyFromPattern)
		return true
	}
	c.res.Patterns++
	c.res.FromPatterns += len(expanded)
	c.patterns = false
	for _, link := range expanded {
		c.add(line, candidate{text: link, link: link})
	}
	c.patterns = true
	return true
}
