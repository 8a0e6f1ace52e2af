package glob

import (
	"strconv"
	"strings"
)

// maxDigits keeps range ends within int64.
const maxDigits = 18

// numbers is a range such as [001-120] or [0-100:5].
type numbers struct {
	first, step, n int64
	pad            int // width to zero-pad to; 0 for none
}

func (r numbers) size() int64 { return r.n }

func (r numbers) value(i int64) string {
	s := strconv.FormatInt(r.first+i*r.step, 10)
	if len(s) < r.pad {
		s = strings.Repeat("0", r.pad-len(s)) + s
	}
	return s
}

// letters is a range such as [a-z] or [A-Z:2].
type letters struct {
	first byte
	step  int64
	n     int64
}

func (r letters) size() int64          { return r.n }
func (r letters) value(i int64) string { return string(rune(int64(r.first) + i*r.step)) }

// set is a choice such as {jpg,png}.
type set []string

func (s set) size() int64          { return int64(len(s)) }
func (s set) value(i int64) string { return s[i] }

// parseRange reads what is between [ and ]: "A-B" or "A-B:STEP", where A
// and B are both numbers or both letters of the same case, A ≤ B and STEP ≥ 1.
func parseRange(body string) (segment, bool) {
	span, stepText, hasStep := strings.Cut(body, ":")
	step := int64(1)
	if hasStep {
		n, ok := parseNumber(stepText)
		if !ok || n < 1 {
			return nil, false
		}
		step = n
	}
	from, to, ok := strings.Cut(span, "-")
	if !ok {
		return nil, false
	}
	if isLetterPair(from, to) {
		return letters{first: from[0], step: step, n: int64(to[0]-from[0])/step + 1}, true
	}
	a, okA := parseNumber(from)
	b, okB := parseNumber(to)
	if !okA || !okB || a > b {
		return nil, false
	}
	r := numbers{first: a, step: step, n: (b-a)/step + 1}
	if len(from) > 1 && from[0] == '0' {
		r.pad = len(from)
	}
	return r, true
}

// parseNumber reads a run of ASCII digits.
func parseNumber(s string) (int64, bool) {
	if s == "" || len(s) > maxDigits {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// isLetterPair reports whether from and to are single letters of the same
// case in order, as in a-z.
func isLetterPair(from, to string) bool {
	if len(from) != 1 || len(to) != 1 || from[0] > to[0] {
		return false
	}
	lower := func(b byte) bool { return 'a' <= b && b <= 'z' }
	upper := func(b byte) bool { return 'A' <= b && b <= 'Z' }
	return (lower(from[0]) && lower(to[0])) || (upper(from[0]) && upper(to[0]))
}

// parseSet reads what is between { and }: alternatives separated by
// commas. Without a comma, or with a bracket inside, it is not a set.
func parseSet(body string) (segment, bool) {
	if !strings.Contains(body, ",") || strings.ContainsAny(body, "{[]") {
		return nil, false
	}
	return set(strings.Split(body, ",")), true
}
