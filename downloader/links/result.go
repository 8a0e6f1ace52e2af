package links

import (
	"strings"
	"unicode/utf8"
)

// Problem is one rejected line: its 1-based line number, the offending text
// (trimmed, at most about 200 characters) and the reason. The text is the
// rejected link when the line had one, else the whole line.
type Problem struct {
	Line   int
	Text   string
	Reason Reason
}

// Reason says why a line or link was not taken, as a stable code; the
// words come from the catalogues of package haul/i18n.
type Reason string

// Result is what intake found: the links in first-seen order, how many exact
// duplicates were dropped, every rejected line, and what patterns gave.
type Result struct {
	Links      []string
	Duplicates int
	Problems   []Problem
	// Patterns counts the numbered patterns (such as [001-120]) that were
	// expanded, and FromPatterns the links they stood for.
	Patterns, FromPatterns int
	// Places says where links were read from, by link, when the list says
	// more than a line: the workbook cell, such as "Sheet2!B7", of each
	// link read from a workbook (its first cell, when in several).
	Places map[string]string
	// TooMany is how many links the input stands for when that takes the
	// run past MaxRunLinks (see Options.Taken); Links is then empty, since a list is taken
	// whole or not at all. Links beyond the limit are counted, not
	// compared, so a link repeated there counts each time.
	TooMany int64
}

// The reasons a line or link is not taken.
const (
	// ReasonScheme is a link that is not http or https.
	ReasonScheme Reason = "scheme"
	// ReasonNoLink is a line with no link on it.
	ReasonNoLink Reason = "no-link"
	// ReasonNoHost is an address without a site name.
	ReasonNoHost Reason = "no-host"
	// ReasonInvalid is an address with spaces or invalid characters.
	ReasonInvalid Reason = "invalid"
	// ReasonPort is an address whose port number is not valid.
	ReasonPort Reason = "port"
	// ReasonTooLong is an address too long to be a real link.
	ReasonTooLong Reason = "too-long"
	// ReasonRelative is a relative link on a page that does not say its site.
	ReasonRelative Reason = "relative"
	// ReasonEmpty is an empty link.
	ReasonEmpty Reason = "empty"
	// ReasonDuplicate is a link already in the list.
	ReasonDuplicate Reason = "duplicate"
	// ReasonTooManyFromPattern is a numbered pattern that stands for more
	// than glob.MaxLinks links.
	ReasonTooManyFromPattern Reason = "pattern-too-many"
	// ReasonListFull is a link not added because the download list already
	// holds the most links it takes (MaxRunLinks).
	ReasonListFull Reason = "list-full"
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
