package originals

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

//go:embed rules.txt
var builtinRules []byte

// Table is a set of rules, found by the picture's host. A Table is not
// changed once made and is safe for concurrent use.
type Table struct {
	exact  map[string][]int // host → rules, by their place in rules
	domain map[string][]int // domain of a "*.domain" pattern → rules
	any    []int            // rules for any host
	rules  []*Rule
}

// Builtin is the table of the rules that come with Haul.
func Builtin() *Table {
	rules, err := Parse(bytes.NewReader(builtinRules), "rules.txt")
	if err != nil {
		panic(fmt.Sprintf("the built-in rules are broken: %v", err)) // tests keep them whole
	}
	return newTable(rules)
}

// Load is the built-in table with the user's rules file at path: its
// rules come first, and one named like a built-in rule replaces it (or
// turns it off). A file that does not exist is no rules; a broken one
// is a *ParseError naming its line, and the built-in table is returned
// with it, so a mistake costs only the user's own rules.
func Load(path string) (*Table, error) {
	builtin := Builtin()
	if path == "" {
		return builtin, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return builtin, nil
	}
	if err != nil {
		return builtin, &ParseError{Path: path, Kind: Unreadable, Value: err.Error()}
	}
	defer f.Close()
	user, err := Parse(f, path)
	if err != nil {
		return builtin, err
	}
	return newTable(merge(user, builtin.rules)), nil
}

// merge puts user's rules before builtin's, which a user rule of the same
// name replaces; rules that are off are left out.
func merge(user, builtin []*Rule) []*Rule {
	named := map[string]bool{}
	var out []*Rule
	for _, r := range user {
		named[r.Name] = true
		if !r.Off {
			out = append(out, r)
		}
	}
	for _, r := range builtin {
		if !named[r.Name] {
			out = append(out, r)
		}
	}
	return out
}

// newTable indexes rules by host.
func newTable(rules []*Rule) *Table {
	t := &Table{exact: map[string][]int{}, domain: map[string][]int{}}
	for _, r := range rules {
		if r.Off {
			continue
		}
		t.rules = append(t.rules, r)
		at := len(t.rules) - 1
		for _, h := range r.Hosts {
			switch {
			case h == "*":
				t.any = append(t.any, at)
			case strings.HasPrefix(h, "*."):
				t.domain[h[2:]] = appendOnce(t.domain[h[2:]], at)
			default:
				t.exact[h] = appendOnce(t.exact[h], at)
			}
		}
	}
	return t
}

// appendOnce appends i unless it is last already.
func appendOnce(list []int, i int) []int {
	if n := len(list); n > 0 && list[n-1] == i {
		return list
	}
	return append(list, i)
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
		if r.Contains != "" && !strings.Contains(bare, r.Contains) {
			continue // checked here, so a link no rule is for costs no more than this file
		}
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

// Len is how many rules the table holds.
func (t *Table) Len() int { return len(t.rules) }

// forHost are the rules that may apply to host, in the table's order.
func (t *Table) forHost(host string) []*Rule {
	var at []int
	at = append(at, t.exact[host]...)
	for d := host; d != ""; {
		at = append(at, t.domain[d]...)
		_, rest, found := strings.Cut(d, ".")
		if !found {
			break
		}
		d = rest
	}
	at = append(at, t.any...)
	if len(at) == 0 {
		return nil
	}
	slices.Sort(at)
	at = slices.Compact(at)
	out := make([]*Rule, len(at))
	for i, n := range at {
		out[i] = t.rules[n]
	}
	return out
}

// UserFile is the user's own rules file: picture-rules.txt in Haul's
// folder of the user's settings (%AppData%\haul on Windows, ~/.config/haul
// on Linux), shared by the window and the command line.
func UserFile() (string, error) {
	config, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the folder of Haul's settings: %w", err)
	}
	return filepath.Join(config, "haul", "picture-rules.txt"), nil
}

// LoadUser is Load of the user's own rules file; without a settings
// folder, the built-in rules.
func LoadUser() (*Table, error) {
	path, err := UserFile()
	if err != nil {
		return Builtin(), nil
	}
	return Load(path)
}
