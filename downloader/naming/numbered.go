package naming

import (
	"fmt"
	"strconv"
	"strings"
)

// Numbered returns the n-th alternative name for "keep both", such as
// "cat (2).jpg" for "cat.jpg" and n=2 (n >= 2; smaller n return the name
// itself). The name is sanitized first, so the result stays within
// MaxBytes+len(" (n)") bytes and keeps the extension, including compound
// ones like ".tar.gz".
func Numbered(name string, n int) string {
	name = Sanitize(name)
	if n < 2 {
		return name
	}
	stem, ext := splitExt(name)
	return fmt.Sprintf("%s (%d)%s", stem, n, ext)
}

// NumberOf says which of want's names name is: 1 for want itself, n for
// Numbered(want, n); ok is false for any other name.
func NumberOf(name, want string) (n int, ok bool) {
	want = Sanitize(want)
	if name == want {
		return 1, true
	}
	stem, ext := splitExt(want)
	rest, ok := strings.CutPrefix(name, stem+" (")
	if !ok {
		return 0, false
	}
	digits, ok := strings.CutSuffix(rest, ")"+ext)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 2 || strconv.Itoa(n) != digits {
		return 0, false
	}
	return n, true
}

// IsNumbered says name is a numbered name, such as "cat (2).jpg", as
// Numbered makes.
func IsNumbered(name string) bool {
	stem, _ := splitExt(name)
	open := strings.LastIndex(stem, " (")
	if open < 0 || !strings.HasSuffix(stem, ")") {
		return false
	}
	digits := stem[open+2 : len(stem)-1]
	n, err := strconv.Atoi(digits)
	return err == nil && n >= 2 && strconv.Itoa(n) == digits
}
