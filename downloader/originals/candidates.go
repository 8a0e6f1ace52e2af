package originals

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// Size is a picture's size in pixels; 0 where not known.
type Size struct{ Width, Height int }

// Known says whether any side is known.
func (s Size) Known() bool { return s.Width > 0 || s.Height > 0 }

// Covers says whether a picture of size s is at least as large as small
// on every side small knows.
func (s Size) Covers(small Size) bool {
	return s.Width >= small.Width && s.Height >= small.Height
}

// Candidate is one address the original may have.
type Candidate struct {
	// URL is the candidate, with the link's scheme.
	URL string
	// Header are the rule's headers for it (a Referer above all).
	Header http.Header
	// Rule names the rule that proposed it.
	Rule string
	// FailRedirect fails the candidate when it is redirected to an
	// address it matches.
	FailRedirect func(string) bool
}

// Plan is what the table proposes for a link: its candidates, best
// first, and the small picture's size when the address says it.
type Plan struct {
	Candidates []Candidate
	Small      Size
}

// Original is the candidate for link whose address is original, with the
// headers its rule gives it: a later try of a link whose original an
// earlier one found asks for it the same way. It is false when no rule
// proposes it now (the user's rules changed meanwhile).
func (t *Table) Original(link *url.URL, original string) (Candidate, bool) {
	for _, c := range t.Candidates(link).Candidates {
		if c.URL == original {
			return c, true
		}
	}
	return Candidate{}, false
}

// apply is what r makes of the address bare (without its scheme): the
// candidates and the small size, and whether the rule applied.
func (r *Rule) apply(bare, scheme string) ([]Candidate, Size, bool) {
	var groups []string
	var names []string
	if r.Match != nil {
		groups = r.Match.FindStringSubmatch(bare)
		if groups == nil {
			return nil, Size{}, false
		}
		names = r.Match.SubexpNames()
	}
	fill := func(template string) string { return expand(template, groups, names) }
	templates := r.Try
	if len(templates) == 0 {
		templates = []string{bare}
		fill = func(s string) string { return s }
	}
	var out []Candidate
	header := r.header(fill)
	for _, tmpl := range templates {
		for _, alt := range alternatives(tmpl) {
			c := r.queries(scheme + "://" + fill(alt))
			if c == "" {
				continue
			}
			out = append(out, Candidate{URL: c, Header: header, Rule: r.Name, FailRedirect: r.failRedirect()})
		}
	}
	return out, parseSize(fill(r.Small)), len(out) > 0
}

// header fills in the rule's header templates.
func (r *Rule) header(fill func(string) string) http.Header {
	if len(r.Header) == 0 {
		return nil
	}
	h := http.Header{}
	for name, values := range r.Header {
		for _, v := range values {
			h.Add(name, fill(v))
		}
	}
	return h
}

// failRedirect is the rule's fail-redirect as a test, or nil.
func (r *Rule) failRedirect() func(string) bool {
	if r.FailRedirect == nil {
		return nil
	}
	return r.FailRedirect.MatchString
}

// queries takes the rule's drop-query from the candidate c; "" when c is
// not an address.
func (r *Rule) queries(c string) string {
	u, err := url.Parse(c)
	if err != nil || u.Host == "" {
		return ""
	}
	if len(r.DropQuery) == 0 || u.RawQuery == "" {
		return u.String()
	}
	keep := map[string]bool{}
	for _, k := range r.KeepQuery {
		keep[k] = true
	}
	dropAll := false
	drop := map[string]bool{}
	for _, k := range r.DropQuery {
		dropAll = dropAll || k == "*"
		drop[k] = true
	}
	var kept []string
	for _, part := range strings.Split(u.RawQuery, "&") {
		name, _, _ := strings.Cut(part, "=")
		if n, err := url.QueryUnescape(name); err == nil {
			name = n
		}
		if keep[name] || (!dropAll && !drop[name]) {
			kept = append(kept, part)
		}
	}
	u.RawQuery = strings.Join(kept, "&")
	return u.String()
}

// parseSize reads "WxH", "Wx" or "xH"; zero where a side is not a number.
func parseSize(s string) Size {
	w, h, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		return Size{}
	}
	width, _ := strconv.Atoi(w)
	height, _ := strconv.Atoi(h)
	return Size{Width: max(width, 0), Height: max(height, 0)}
}
