package links

import "strings"

// candidate is one link-like piece of input.
type candidate struct {
	text string // as the user wrote it, shown in a Problem
	link string // what is validated: text with a scheme added or entities decoded where needed
	// place is where the text was read from, such as the workbook cell
	// "Sheet2!B7"; "" for a line of text.
	place string
}

// collector validates candidates and builds a Result.
type collector struct {
	res      Result
	seen     map[string]int // link → last line it was mentioned on
	patterns bool           // expand numbered patterns such as [001-120]
	limit    int            // the most links taken
	// over counts the links found beyond limit, which are counted and
	// never kept: a list that stands for too many is refused whole.
	over int64
}

// newCollector returns a collector sized for about sizeHint links, taking
// at most limit.
func newCollector(sizeHint, limit int) *collector {
	sizeHint = min(sizeHint, maxSizeHint, limit)
	return &collector{
		res:   Result{Links: make([]string, 0, sizeHint)},
		seen:  make(map[string]int, sizeHint),
		limit: limit,
	}
}

// maxSizeHint caps how much room is reserved before links are actually found.
const maxSizeHint = 1 << 16

// add validates one candidate found on line and records it as a link, a
// duplicate or a problem.
func (c *collector) add(line int, cd candidate) {
	if c.patterns && c.addPattern(line, cd) {
		return
	}
	link, reason := normalize(cd.link)
	if reason != "" {
		c.problem(line, clip(cd.text), reason)
		return
	}
	last, ok := c.seen[link]
	if ok && last == line {
		return
	}
	if ok {
		c.res.Duplicates++
		c.seen[link] = line
		return
	}
	if len(c.res.Links) >= c.limit {
		c.over++
		return
	}
	link = strings.Clone(link)
	c.seen[link] = line
	c.res.Links = append(c.res.Links, link)
	if cd.place != "" {
		if c.res.Places == nil {
			c.res.Places = map[string]string{}
		}
		c.res.Places[link] = cd.place
	}
}

// problem records a rejected piece of line, once per line.
func (c *collector) problem(line int, text string, reason Reason) {
	for i := len(c.res.Problems) - 1; i >= 0 && c.res.Problems[i].Line == line; i-- {
		if p := c.res.Problems[i]; p.Text == text && p.Reason == reason {
			return
		}
	}
	c.res.Problems = append(c.res.Problems, Problem{Line: line, Text: text, Reason: reason})
}

// fits reports whether n more links may be taken.
func (c *collector) fits(n int64) bool {
	return c.over == 0 && int64(len(c.res.Links))+n <= int64(c.limit)
}

func (c *collector) result() Result {
	if c.over > 0 {
		c.res.TooMany = int64(len(c.res.Links)) + c.over
		c.res.Links, c.res.Places = nil, nil
	}
	if len(c.res.Links) == 0 {
		c.res.Links = nil
	}
	return c.res
}
