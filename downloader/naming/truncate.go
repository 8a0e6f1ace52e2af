package naming

import (
	"strings"
	"unicode/utf8"
)

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
