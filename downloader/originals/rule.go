package originals

import (
	"net/http"
	"regexp"
)

// Rule is one rule of the table: where it applies and what it proposes.
type Rule struct {
	// Name names the rule; a user's rule of the same name replaces a
	// built-in one.
	Name string
	// Hosts are the host patterns: "host", "*.domain" (the domain and
	// every host under it) or "*" (any host).
	Hosts []string
	// Contains, when set, is text the address must contain.
	Contains string
	// Match is matched against the address without its scheme.
	Match *regexp.Regexp
	// Try are the candidates' templates, in order, without a scheme.
	Try []string
	// DropQuery are the queries taken from every candidate ("*": all);
	// KeepQuery those kept even so.
	DropQuery, KeepQuery []string
	// Header are the headers sent with the candidates (templates).
	Header http.Header
	// Small is the template of the small picture's size ("WxH" or "Wx").
	Small string
	// FailRedirect fails a candidate redirected to an address it matches.
	FailRedirect *regexp.Regexp
	// Off turns off the built-in rule of the same name.
	Off bool
	// Line is the rule's first line in its file, for messages.
	Line int
}

// acts says whether the rule can propose anything at all.
func (r *Rule) acts() bool {
	return len(r.Try) > 0 || len(r.DropQuery) > 0
}
