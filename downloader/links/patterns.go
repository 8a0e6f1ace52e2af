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
	// Taken is how many links earlier inputs of the same run gave: they
	// count against MaxRunLinks. An input that would take the run past it,
	// numbered patterns counted by the links they stand for, is taken not
	// at all (Result.TooMany).
	Taken int
}

// MaxRunLinks is the most links Haul takes in one run of haul get, and at
// once into the window: every list, link and numbered pattern together.
// Each item waiting costs about a kilobyte of memory, so this keeps a run
// within a few hundred megabytes.
const MaxRunLinks = 200_000

// maxLinks is the most links opt lets intake take.
func (opt Options) maxLinks() int {
	return max(MaxRunLinks-opt.Taken, 0)
}

// ExtractWith is Extract with options.
func ExtractWith(text string, opt Options) Result {
	return extractText(text, 0, opt)
}

// addPattern takes in a candidate that is a numbered pattern, such as
// https://site/img/[001-120].jpg, as the links it stands for. It reports
// false when the candidate is an ordinary link. A pattern that stands for
// more than glob.MaxLinks links is refused as a whole; one that would take
// the links past the collector's limit is counted, not expanded.
func (c *collector) addPattern(line int, cd candidate) bool {
	p, ok := glob.Parse(cd.link)
	if !ok {
		return false
	}
	if p.Count() <= glob.MaxLinks && !c.fits(p.Count()) {
		c.res.Patterns++
		c.over += p.Count()
		return true
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
