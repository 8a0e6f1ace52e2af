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

// maxDepth is how many rules may follow each other (a proxy's address
// that leads to a resized copy's).
const maxDepth = 2

// maxCandidates bounds what one link may cost.
const maxCandidates = 8

// Candidates are the addresses the original of link may have, best first;
// none when no rule applies. The first rule, in the table's order, that
// matches the link proposes them. A candidate on another host that a rule
// turns into a better one comes after that one (an image proxy's origin
// comes after the origin's original). Candidates keep link's scheme, and
// the link itself is never one.
func (t *Table) Candidates(link *url.URL) Plan {
	var p Plan
	seen := map[string]bool{link.String(): true}
	t.propose(link, &p, seen, 0)
	return p
}

// propose adds what the first applicable rule makes of u to p.
func (t *Table) propose(u *url.URL, p *Plan, seen map[string]bool, depth int) {
	if depth >= maxDepth {
		return
	}
	host := strings.ToLower(u.Hostname())
	rules := t.forHost(host)
	if len(rules) == 0 {
		return
	}
	bare := strings.TrimPrefix(u.String(), u.Scheme+"://")
	if i := strings.IndexByte(bare, '#'); i >= 0 {
		bare = bare[:i]
	}
	for _, r := range rules {
		made, small, ok := r.apply(bare, u.Scheme)
		if !ok {
			continue
		}
		if !p.Small.Known() {
			p.Small = small
		}
		for _, c := range made {
			if seen[c.URL] || len(p.Candidates) >= maxCandidates {
				continue
			}
			seen[c.URL] = true
			if next, err := url.Parse(c.URL); err == nil && !strings.EqualFold(next.Hostname(), host) {
				t.propose(next, p, seen, depth+1)
			}
			p.Candidates = append(p.Candidates, c)
		}
		return
	}
}

// apply is what r makes of the address bare (without its scheme): the
// candidates and the small size, and whether the rule applied.
func (r *Rule) apply(bare, scheme string) ([]Candidate, Size, bool) {
	if r.Contains != "" && !strings.Contains(bare, r.Contains) {
		return nil, Size{}, false
	}
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
