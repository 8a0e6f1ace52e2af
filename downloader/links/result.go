package links

import (
	"strings"
	"unicode/utf8"
)

// Problem is one rejected line: its 1-based line number, the offending text
// (trimmed, at most about 200 characters) and a plain-English reason. The
// text is the rejected link when the line had one, else the whole line.
type Problem struct {
	Line   int
	Text   string
	Reason string
}

// Result is what intake found: the links in first-seen order, how many exact
// duplicates were dropped, and every rejected line.
type Result struct {
	Links      []string
	Duplicates int
	Problems   []Problem
}

// Reasons given in a Problem.
const (
	reasonScheme   = "only http and https links can be downloaded"
	reasonNoLink   = "no link found on this line"
	reasonNoHost   = "the address is incomplete (no site name)"
	reasonInvalid  = "the address contains spaces or invalid characters"
	reasonPort     = "the port number in the address is not valid"
	reasonTooLong  = "the address is too long to be a real link"
	reasonRelative = "relative link without a site (the page does not say which site it belongs to)"
)

// maxProblemText is how many characters of offending text a Problem keeps.
const maxProblemText = 200

// clip trims s and shortens it to maxProblemText characters, marking the cut
// with an ellipsis. Invalid UTF-8 is replaced so the text is safe to show.
func clip(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 4*maxProblemText {
		s = s[:4*maxProblemText]
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) <= maxProblemText {
		return s
	}
	n := 0
	for i := range s {
		if n == maxProblemText {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
