package naming

import (
	"strings"
	"unicode"
)

// Fold returns the key under which two names count as the same file on
// case-insensitive file systems (Windows, macOS), so that "A.jpg" and
// "a.jpg" are not claimed by two downloads. It applies Unicode simple case
// folding: Fold(a) == Fold(b) exactly when strings.EqualFold(a, b).
func Fold(name string) string {
	return strings.Map(foldRune, name)
}

// foldRune maps r to one fixed member of its case-folding orbit (the runes
// unicode.SimpleFold cycles through): the smallest lower-case member, or the
// smallest member when none is lower case.
func foldRune(r rune) rune {
	key := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if betterKey(f, key) {
			key = f
		}
	}
	return key
}

// betterKey reports whether candidate should represent an orbit instead of
// current: lower case wins, then the smaller rune.
func betterKey(candidate, current rune) bool {
	if unicode.IsLower(candidate) != unicode.IsLower(current) {
		return unicode.IsLower(candidate)
	}
	return candidate < current
}
