package links

import (
	"strings"

	"haul/downloader/glob"
)

// Extract picks http and https links out of any text: one per line, or
// several embedded in prose, Markdown ([t](url), <url>), CSV cells (quoted or
// not) or HTML attributes (href="…", src='…', with &amp; entities decoded).
// Duplicates are dropped and counted, and every rejected line is reported.
func Extract(text string) Result {
	return extractText(text, 0, Options{})
}

// extractText extracts links line by line. With delim set, every line is a
// row of cells separated by delim; otherwise rows are split only when the
// first line turns out to be a CSV header.
func extractText(text string, delim byte, opt Options) Result {
	t := &textIntake{c: newCollector(strings.Count(text, "\n")+1, opt.maxLinks()), delim: delim, csvFile: delim != 0}
	t.c.patterns = !opt.Literal
	if t.c.patterns {
		if n := patternTotal(text); n > int64(t.c.limit) {
			return Result{TooMany: n}
		}
	}
	eachLine(strings.TrimPrefix(text, bom), 1, t.line)
	return t.c.result()
}

// patternTotal sums what the numbered patterns of text stand for, looking
// only at lines with a bracket or a brace, so that a list whose patterns
// alone are too many is refused before any is expanded. A pattern refused
// on its own (over glob.MaxLinks) is not counted.
func patternTotal(text string) int64 {
	var total int64
	eachLine(text, 1, func(_ int, line string) {
		if !strings.ContainsAny(line, "[{") {
			return
		}
		scanLinks(line, func(cd candidate) {
			if p, ok := glob.Parse(cd.link); ok && p.Count() <= glob.MaxLinks {
				total += p.Count()
			}
		})
	})
	return total
}

// textIntake holds the state of one pass over a text.
type textIntake struct {
	c       *collector
	delim   byte // cell separator once the text is known to be CSV, else 0
	csvFile bool // the text came from a .csv or .tsv file
	started bool // a non-blank line has been seen
	num     int  // number of the line being read
}

// line takes in one line of the text.
func (t *textIntake) line(num int, line string) {
	if strings.TrimSpace(line) == "" {
		return
	}
	first := !t.started
	t.started = true
	t.num = num
	found := 0
	if t.delim != 0 {
		eachCell(line, t.delim, func(cell string) { found += scanLinks(cell, t.emit) })
	} else {
		found = scanLinks(line, t.emit)
	}
	if found > 0 {
		return
	}
	if first && isHeader(line, t.csvFile) {
		if t.delim == 0 {
			t.delim = headerDelimiter(line)
		}
		return
	}
	if isLayout(line) {
		return
	}
	t.c.problem(num, clip(line), ReasonNoLink)
}

func (t *textIntake) emit(cd candidate) {
	t.c.add(t.num, cd)
}

// isLayout reports whether a line without links is plainly layout rather than
// a mistyped link: a Markdown heading or code fence, a line of punctuation
// only (rules, table separators), or an HTML tag fragment.
func isLayout(line string) bool {
	s := strings.TrimSpace(line)
	switch {
	case isMarkdownHeading(s):
		return true
	case strings.HasPrefix(s, "```"), strings.HasPrefix(s, "~~~"):
		return true
	case strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">"):
		return true
	}
	return !hasLetterOrDigit(s)
}

// isMarkdownHeading reports whether s is an ATX heading: one to six '#'
// followed by a space or nothing.
func isMarkdownHeading(s string) bool {
	n := 0
	for n < len(s) && s[n] == '#' {
		n++
	}
	return n >= 1 && n <= 6 && (n == len(s) || s[n] == ' ' || s[n] == '\t')
}

func hasLetterOrDigit(s string) bool {
	for _, r := range s {
		if isWordRune(r) {
			return true
		}
	}
	return false
}
