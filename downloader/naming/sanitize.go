package naming

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxBytes is the longest name Sanitize returns, leaving room for " (999)"
// and ".part" within the 255-byte limit of common file systems.
const MaxBytes = 240

// fallbackName is used when nothing usable is left of a name.
const fallbackName = "download"

// Sanitize returns a safe, non-empty base name made from name.
//
// It keeps only the part after the last '/' or '\', replaces invalid UTF-8,
// control characters, bidirectional formatting characters and
// / \ : * ? " < > | with '_', strips leading and trailing dots and spaces,
// appends '_' to the stem of reserved Windows device names (CON.jpg becomes
// CON_.jpg) and truncates to MaxBytes bytes without splitting a character,
// keeping a short extension. An empty result becomes "download".
// Sanitize is idempotent.
func Sanitize(name string) string {
	if s := clean(name); s != "" {
		return s
	}
	return fallbackName
}

// clean is Sanitize without the fallback: it returns "" when nothing usable
// is left, so callers can try another source for the name.
func clean(name string) string {
	name = strings.ToValidUTF8(name, "_")
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(safeRune, name)
	name = strings.Trim(name, ". ")
	if name == "" {
		return ""
	}
	name = truncate(name, MaxBytes)
	name = avoidReserved(name)
	return truncate(name, MaxBytes)
}

// safeRune replaces a rune that is unsafe in a file name with '_'.
func safeRune(r rune) rune {
	if unicode.IsControl(r) || isBidiControl(r) || strings.ContainsRune(`/\:*?"<>|`, r) {
		return '_'
	}
	return r
}

// isBidiControl reports whether r is a bidirectional formatting character,
// which can make "exe.jpg" look like "gpj.exe" and so disguise an extension.
func isBidiControl(r rune) bool {
	switch {
	case r == '\u061c', r == '\u200e', r == '\u200f':
		return true
	case r >= '\u202a' && r <= '\u202e':
		return true
	case r >= '\u2066' && r <= '\u2069':
		return true
	}
	return false
}

// maxExtBytes is the longest extension (dot included) that truncation keeps.
const maxExtBytes = 16

// splitExt splits name into stem and extension. The extension starts at the
// last dot, is at most maxExtBytes long and holds no space; otherwise
// ext is "" and stem is the whole name. A leading dot does not start an
// extension. A ".tar" before a short extension belongs to it (".tar.gz").
func splitExt(name string) (stem, ext string) {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || i == len(name)-1 || len(name)-i > maxExtBytes || strings.ContainsRune(name[i:], ' ') {
		return name, ""
	}
	stem, ext = name[:i], name[i:]
	if tar := len(stem) - len(".tar"); tar > 0 && strings.EqualFold(stem[tar:], ".tar") && len(ext)+len(".tar") <= maxExtBytes {
		return stem[:tar], stem[tar:] + ext
	}
	return stem, ext
}

// truncate shortens name to at most limit bytes without splitting a UTF-8
// sequence, keeping the extension when there is one, and trims the dots and
// spaces a cut can leave at the end of the stem.
func truncate(name string, limit int) string {
	if len(name) <= limit {
		return name
	}
	stem, ext := splitExt(name)
	stem = cutRunes(stem, limit-len(ext))
	return strings.TrimRight(stem, ". ") + ext
}

// cutRunes returns the longest prefix of s that has at most n bytes and does
// not end inside a UTF-8 sequence.
func cutRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// avoidReserved appends '_' to the stem of a Windows device name such as
// CON, nul.tar.gz or COM¹.txt, which Windows would open as a device instead
// of a file.
func avoidReserved(name string) string {
	stem, rest, _ := strings.Cut(name, ".")
	if !isReservedStem(stem) {
		return name
	}
	if rest == "" {
		return stem + "_"
	}
	return stem + "_." + rest
}

// isReservedStem reports whether stem, the part of a name before its first
// dot, is a Windows device name. Windows ignores trailing spaces here.
func isReservedStem(stem string) bool {
	stem = strings.ToUpper(strings.TrimRight(stem, " "))
	switch stem {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	for _, prefix := range []string{"COM", "LPT"} {
		num, ok := strings.CutPrefix(stem, prefix)
		if !ok {
			continue
		}
		switch num {
		case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³":
			return true
		}
	}
	return false
}

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
