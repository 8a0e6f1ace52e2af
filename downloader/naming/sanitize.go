package naming

import (
	"strings"
	"unicode"
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
