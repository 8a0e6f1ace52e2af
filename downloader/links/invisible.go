package links

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// invisible reports whether r is an invisible format character: a zero
// width space, joiner or non-joiner, a word joiner, a soft hyphen, a byte
// order mark, a direction mark or override. Chat apps, word processors and
// web pages put them into text they let people copy; they are never seen,
// and no address is written with them.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r)
}

// dropInvisible takes the invisible format characters out of a link, so
// that "http://ex\u200bample.com/a.jpg" is the address people see,
// http://example.com/a.jpg, as careful browsers read it. A joiner or
// non-joiner between two non-ASCII characters stays: it belongs to the
// word (Persian and Indic names, emoji sequences such as 👨‍👩‍👧).
func dropInvisible(link string) string {
	if !strings.ContainsFunc(link, invisible) {
		return link
	}
	var b strings.Builder
	prev := rune(0)
	for i, r := range link {
		if invisible(r) && !(isJoiner(r) && joinsWords(prev, link[i+utf8.RuneLen(r):])) {
			continue
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// isJoiner reports whether r is the zero width joiner or non-joiner.
func isJoiner(r rune) bool { return r == '\u200c' || r == '\u200d' }

// joinsWords reports whether a joiner after prev and before rest stands
// between two visible non-ASCII characters.
func joinsWords(prev rune, rest string) bool {
	next, _ := utf8.DecodeRuneInString(rest)
	visible := func(r rune) bool {
		return r >= utf8.RuneSelf && !invisible(r) && !unicode.IsSpace(r) && r != utf8.RuneError
	}
	return visible(prev) && visible(next)
}
