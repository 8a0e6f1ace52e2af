package glob

import (
	"fmt"
	"math"
	"strings"

	"github.com/dustin/go-humanize"
)

// MaxLinks is the most links one pattern may stand for.
const MaxLinks = 100_000

// Pattern is a link with ranges or sets in it.
type Pattern struct {
	segments []segment
	count    int64 // saturates at math.MaxInt64
}

// segment is one piece of a pattern: fixed text, or a range or set that
// stands for several values.
type segment interface {
	size() int64
	value(i int64) string
}

// TooManyError refuses a pattern that stands for more than MaxLinks links.
type TooManyError struct {
	Pattern string
	// Count is how many links the pattern stands for; math.MaxInt64 means
	// too many to count.
	Count int64
}

func (e *TooManyError) Error() string {
	n := "far more than " + humanize.Comma(MaxLinks)
	if e.Count < math.MaxInt64 {
		n = humanize.Comma(e.Count)
	}
	return fmt.Sprintf("the pattern stands for %s links, more than the %s Haul takes from one pattern: split it into smaller ranges",
		n, humanize.Comma(MaxLinks))
}

// Parse reads s as a pattern. It reports false when s holds no range, set
// or escaped bracket, so s is an ordinary link to be taken as written.
func Parse(s string) (Pattern, bool) {
	if !strings.ContainsAny(s, `[{\`) {
		return Pattern{segments: []segment{literal(s)}, count: 1}, false
	}
	var (
		p       Pattern
		lit     strings.Builder
		special bool
	)
	flush := func() {
		if lit.Len() > 0 {
			p.segments = append(p.segments, literal(lit.String()))
			lit.Reset()
		}
	}
	for i := 0; i < len(s); {
		seg, next := parseSegment(s, i)
		if seg == nil {
			if s[i] == '\\' && next > i+1 {
				special = true
				lit.WriteByte(s[i+1])
			} else {
				lit.WriteByte(s[i])
			}
			i = next
			continue
		}
		flush()
		p.segments = append(p.segments, seg)
		special = true
		i = next
	}
	flush()
	p.count = 1
	for _, seg := range p.segments {
		p.count = mulSaturating(p.count, seg.size())
	}
	return p, special
}

// parseSegment reads the range or set starting at s[i], returning it and
// where it ends. For anything else it returns nil and the index after the
// plain (or backslash-escaped) character at i.
func parseSegment(s string, i int) (segment, int) {
	switch s[i] {
	case '\\':
		if i+1 < len(s) && strings.IndexByte("[]{}", s[i+1]) >= 0 {
			return nil, i + 2
		}
	case '[':
		if end := strings.IndexByte(s[i:], ']'); end > 0 {
			if seg, ok := parseRange(s[i+1 : i+end]); ok {
				return seg, i + end + 1
			}
		}
	case '{':
		if end := strings.IndexByte(s[i:], '}'); end > 0 {
			if seg, ok := parseSet(s[i+1 : i+end]); ok {
				return seg, i + end + 1
			}
		}
	}
	return nil, i + 1
}

// Count is how many links the pattern stands for, up to math.MaxInt64.
func (p Pattern) Count() int64 { return p.count }

// Links returns every link the pattern stands for, the last range turning
// fastest, or a *TooManyError when there are more than MaxLinks.
func (p Pattern) Links() ([]string, error) {
	if p.count > MaxLinks {
		return nil, &TooManyError{Pattern: p.String(), Count: p.count}
	}
	out := make([]string, 0, p.count)
	index := make([]int64, len(p.segments))
	var b strings.Builder
	for {
		b.Reset()
		for k, seg := range p.segments {
			b.WriteString(seg.value(index[k]))
		}
		out = append(out, b.String())
		if !advance(index, p.segments) {
			return out, nil
		}
	}
}

// advance moves an odometer over the segments one step, the last fastest;
// it reports false after the last combination.
func advance(index []int64, segments []segment) bool {
	for k := len(index) - 1; k >= 0; k-- {
		index[k]++
		if index[k] < segments[k].size() {
			return true
		}
		index[k] = 0
	}
	return false
}

// String returns the first link of the pattern, to name it in messages.
func (p Pattern) String() string {
	var b strings.Builder
	for _, seg := range p.segments {
		b.WriteString(seg.value(0))
	}
	return b.String()
}

func mulSaturating(a, b int64) int64 {
	if b != 0 && a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return a * b
}

// literal is fixed text.
type literal string

func (l literal) size() int64        { return 1 }
func (l literal) value(int64) string { return string(l) }
