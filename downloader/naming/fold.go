package naming

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Fold returns the key under which two names count as the same file, so
// that two downloads never claim names one folder may hold as one file.
// Windows and macOS ignore letter case, and so may a folder anywhere (a USB
// stick, a share, a case-folding folder on Linux): "Photo.jpg" and
// "photo.jpg" are one name. macOS also takes the composed and decomposed
// forms of a name (NFC, NFD: "é" as one character or as "e" and an accent)
// for one. Fold puts the name in NFC and then applies Unicode simple case
// folding: Fold(a) == Fold(b) exactly when strings.EqualFold of their NFC
// forms is true. It is the same on every system, so a name claimed on one
// never overwrites another when the folder turns out to be case-insensitive.
func Fold(name string) string {
	return strings.Map(foldRune, norm.NFC.String(name))
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
