package originals

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
)

// ProblemKind says what is wrong with a line of a rules file.
type ProblemKind string

// The kinds of problem a rules file can have.
const (
	// NotAKeyLine is a line that is neither "[name]", "key = value", a
	// comment nor empty.
	NotAKeyLine ProblemKind = "not_a_key_line"
	// KeyOutsideRule is a "key = value" line before the first "[name]".
	KeyOutsideRule ProblemKind = "key_outside_rule"
	// UnknownKey is a key the format does not have; Value names it.
	UnknownKey ProblemKind = "unknown_key"
	// BadPattern is a match or fail-redirect that is not a regular
	// expression; Value is the expression's own complaint.
	BadPattern ProblemKind = "bad_pattern"
	// BadHost is a host pattern other than "host", "*.domain" or "*".
	BadHost ProblemKind = "bad_host"
	// BadHeader is a header line without "Name: value".
	BadHeader ProblemKind = "bad_header"
	// NoHost is a rule without a host line.
	NoHost ProblemKind = "no_host"
	// DoesNothing is a rule with neither try nor drop-query.
	DoesNothing ProblemKind = "does_nothing"
	// TryWithoutMatch is a rule whose try lines have no match to take
	// their groups from.
	TryWithoutMatch ProblemKind = "try_without_match"
	// EmptyName is a "[]" line.
	EmptyName ProblemKind = "empty_name"
	// TwiceNamed is a second rule of a name in the same file; Value names it.
	TwiceNamed ProblemKind = "twice_named"
	// Unreadable is a file that could not be read; Value says why.
	Unreadable ProblemKind = "unreadable"
)

// ParseError is what is wrong with a rules file, and where: the path,
// the line (from 1; 0 when the file as a whole) and the kind.
type ParseError struct {
	Path  string
	Line  int
	Kind  ProblemKind
	Value string
}

func (e *ParseError) Error() string {
	where := e.Path
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d", e.Path, e.Line)
	}
	if e.Value != "" {
		return fmt.Sprintf("%s: %s (%s)", where, e.Kind, e.Value)
	}
	return fmt.Sprintf("%s: %s", where, e.Kind)
}

// maxRulesFile is the largest rules file read (1 MiB).
const maxRulesFile = 1 << 20

// Parse reads a rules file (see rules.txt for its format). The first
// problem found is returned as a *ParseError naming path and its line.
func Parse(r io.Reader, path string) ([]*Rule, error) {
	p := parser{path: path, named: map[string]bool{}}
	sc := bufio.NewScanner(io.LimitReader(r, maxRulesFile))
	sc.Buffer(make([]byte, 64<<10), maxRulesFile)
	for sc.Scan() {
		p.line++
		if err := p.take(strings.TrimSpace(sc.Text())); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{Path: path, Line: p.line + 1, Kind: Unreadable, Value: err.Error()}
	}
	if err := p.finish(); err != nil {
		return nil, err
	}
	return p.rules, nil
}

// parser is the state of reading one rules file.
type parser struct {
	path  string
	line  int
	rules []*Rule
	cur   *Rule
	named map[string]bool
}

func (p *parser) fail(kind ProblemKind, value string) error {
	return &ParseError{Path: p.path, Line: p.line, Kind: kind, Value: value}
}

// take reads one line.
func (p *parser) take(line string) error {
	switch {
	case line == "" || strings.HasPrefix(line, "#"):
		return nil
	case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
		return p.start(strings.TrimSpace(line[1 : len(line)-1]))
	}
	key, value, ok := strings.Cut(line, "=")
	if !ok {
		return p.fail(NotAKeyLine, "")
	}
	if p.cur == nil {
		return p.fail(KeyOutsideRule, "")
	}
	return p.set(strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(value))
}

// start begins the rule name, after checking the one before.
func (p *parser) start(name string) error {
	if err := p.finish(); err != nil {
		return err
	}
	if name == "" {
		return p.fail(EmptyName, "")
	}
	if p.named[name] {
		return p.fail(TwiceNamed, name)
	}
	p.named[name] = true
	p.cur = &Rule{Name: name, Line: p.line}
	return nil
}

// set takes one key of the current rule.
func (p *parser) set(key, value string) error {
	r := p.cur
	switch key {
	case "host":
		return p.setHosts(value)
	case "contains":
		r.Contains = value
	case "match", "fail-redirect":
		re, err := regexp.Compile(value)
		if err != nil {
			return p.fail(BadPattern, err.Error())
		}
		if key == "match" {
			r.Match = re
		} else {
			r.FailRedirect = re
		}
	case "try":
		r.Try = append(r.Try, value)
	case "drop-query":
		r.DropQuery = append(r.DropQuery, names(value)...)
	case "keep-query":
		r.KeepQuery = append(r.KeepQuery, names(value)...)
	case "header":
		return p.setHeader(value)
	case "small":
		r.Small = value
	case "off":
		r.Off = strings.EqualFold(value, "yes") || strings.EqualFold(value, "true")
	default:
		return p.fail(UnknownKey, key)
	}
	return nil
}

// setHosts takes a host line.
func (p *parser) setHosts(value string) error {
	for _, h := range names(value) {
		h = strings.ToLower(h)
		bare := strings.TrimPrefix(h, "*.")
		if h != "*" && (bare == "" || strings.ContainsAny(bare, "*/:?# ")) {
			return p.fail(BadHost, h)
		}
		p.cur.Hosts = append(p.cur.Hosts, h)
	}
	return nil
}

// setHeader takes a header line.
func (p *parser) setHeader(value string) error {
	name, v, ok := strings.Cut(value, ":")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.ContainsAny(name, " \t") || strings.ContainsAny(v, "\r\n") {
		return p.fail(BadHeader, value)
	}
	if p.cur.Header == nil {
		p.cur.Header = http.Header{}
	}
	p.cur.Header.Add(name, strings.TrimSpace(v))
	return nil
}

// finish checks the rule being read and keeps it.
func (p *parser) finish() error {
	r := p.cur
	if r == nil {
		return nil
	}
	p.cur = nil
	if !r.Off {
		at := p.line
		p.line = r.Line
		defer func() { p.line = at }()
		switch {
		case len(r.Hosts) == 0:
			return p.fail(NoHost, r.Name)
		case !r.acts():
			return p.fail(DoesNothing, r.Name)
		case len(r.Try) > 0 && r.Match == nil:
			return p.fail(TryWithoutMatch, r.Name)
		}
	}
	p.rules = append(p.rules, r)
	return nil
}

// names splits a comma-separated list.
func names(value string) []string {
	var out []string
	for _, n := range strings.Split(value, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}
