package links

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"

	"haul/downloader/sniff"
)

// maxSchemeLen bounds how far back a scheme name is looked for.
const maxSchemeLen = 32

// schemesWithoutSlashes are schemes whose links have no "//" but are still
// recognised, so they can be reported rather than missed.
var schemesWithoutSlashes = []string{"http", "https", "javascript", "data", "mailto", "magnet"}

// scanLinks finds the link-like pieces of one line of free text, in order,
// and hands each to emit. It returns how many it found. It reads the line
// once from left to right, and false starts are ruled out by looking only a
// few characters ahead, so very long lines cost linear time.
func scanLinks(line string, emit func(candidate)) int {
	found := 0
	pos := 0 // nothing before pos is part of a new link
	for i := 0; i < len(line); i++ {
		var start int
		var bare bool
		switch line[i] {
		case ':':
			start = schemeStart(line, pos, i)
			if start < 0 || !schemeLinkAt(line, start, i) {
				continue
			}
		case 'w', 'W':
			if !bareWWWAt(line, pos, i) {
				continue
			}
			start, bare = i, true
		default:
			continue
		}
		end := spacedEnd(line, start, linkEnd(line, start))
		text := trimTrailing(line[start:end])
		if !plausible(text, bare) {
			continue
		}
		emit(newCandidate(line, start, text, bare))
		found++
		pos = end
		i = end - 1
	}
	return found
}

// newCandidate builds the candidate for text found at start of line.
func newCandidate(line string, start int, text string, bare bool) candidate {
	link := text
	if bare {
		link = "https://" + text
	}
	if inAttribute(line, start) && strings.IndexByte(link, '&') >= 0 {
		link = html.UnescapeString(link)
	}
	return candidate{text: text, link: strings.ReplaceAll(dropInvisible(link), " ", "%20")}
}

// schemeStart returns where the scheme ending at the colon at index colon
// begins, or -1 when no scheme name precedes it. It never looks before pos.
func schemeStart(line string, pos, colon int) int {
	j := colon
	for j > pos && colon-j < maxSchemeLen && isSchemeByte(line[j-1]) {
		j--
	}
	for j < colon && !isLetter(line[j]) {
		j++
	}
	if j == colon {
		return -1
	}
	return j
}

// schemeLinkAt reports whether the scheme between start and colon begins a
// link: any scheme followed by "//", or a known scheme followed by more
// address (so "http: is old" in prose is not a link).
func schemeLinkAt(line string, start, colon int) bool {
	rest := line[colon+1:]
	if strings.HasPrefix(rest, "//") {
		return true
	}
	if rest == "" || endsLink(rest[0]) {
		return false
	}
	scheme := line[start:colon]
	for _, s := range schemesWithoutSlashes {
		if strings.EqualFold(scheme, s) {
			return true
		}
	}
	return false
}

// bareWWWAt reports whether a scheme-less "www." address starts at index i:
// "www." at the start of a word, followed by a site name with a dot in it.
// Only the site name is looked at, so rejected starts cost little even on
// very long lines.
func bareWWWAt(line string, pos, i int) bool {
	if len(line)-i < 5 || !strings.EqualFold(line[i:i+4], "www.") {
		return false
	}
	if i != pos && isHostByte(line[i-1]) {
		return false
	}
	end := i + 4
	for end < len(line) && isSiteNameByte(line[end]) {
		end++
	}
	name := strings.TrimRight(line[i+4:end], ".")
	dot := strings.IndexByte(name, '.')
	return dot > 0 && dot < len(name)-1
}

// plausible reports whether trimmed text still looks like an address: a
// scheme with something after it, or more than "www.".
func plausible(text string, bare bool) bool {
	if bare {
		return len(text) > len("www.")
	}
	colon := strings.IndexByte(text, ':')
	return colon >= 0 && colon < len(text)-1
}

// inAttribute reports whether the link at start is an HTML attribute value
// (href="…", src='…' or src=…), whose character references must be decoded.
func inAttribute(line string, start int) bool {
	j := start - 1
	if j >= 0 && (line[j] == '"' || line[j] == '\'') {
		j--
	}
	for j >= 0 && (line[j] == ' ' || line[j] == '\t') {
		j--
	}
	return j >= 0 && line[j] == '='
}

// linkEnd returns where the link starting at start ends, as linkify-it
// decides (invisible format characters do not end it; see dropInvisible):
// at white space, angle brackets, the quote that opened the link,
// a double quote that is not closed within the link, a closing bracket,
// parenthesis or brace that was not opened inside the link, full-width
// punctuation, a forum's closing tag ("[/img]"), or a comma or semicolon
// that is directly followed by another link.
func linkEnd(line string, start int) int {
	quote := byte(0)
	if start > 0 && (line[start-1] == '\'' || line[start-1] == '"') {
		quote = line[start-1]
	}
	var open brackets
	inQuotes := false // inside a "…" that the link opened
	hostEnd := siteNameEnd(line, start)
	i := start
	for i < len(line) {
		b := line[i]
		if b >= utf8.RuneSelf {
			size, ends := runeEndsLink(line, i, hostEnd)
			if ends {
				return i
			}
			i += size
			continue
		}
		switch {
		case b == quote:
			return i
		case b == '"':
			if !inQuotes && !closedQuote(line[i+1:]) {
				return i
			}
			inQuotes = !inQuotes
		case endsLink(b), endsBefore(line, i):
			return i
		case !open.track(b):
			return i
		}
		i++
	}
	return i
}

// runeEndsLink says whether the character beyond ASCII at line[i], of
// size bytes, ends a link whose site name can go on up to hostEnd.
func runeEndsLink(line string, i, hostEnd int) (size int, ends bool) {
	r, size := utf8.DecodeRuneInString(line[i:])
	return size, endsLinkRune(r, size) && !invisible(r) && !(i < hostEnd && labelDotAt(line, i))
}

// siteNameEnd is where the site name of the link at start can end at the
// latest: the first /, ?, # or space after the "//" that follows its
// scheme, or the line's end; start for a link without one.
func siteNameEnd(line string, start int) int {
	colon := strings.IndexByte(line[start:min(len(line), start+maxSchemeLen+1)], ':')
	if colon < 0 || !strings.HasPrefix(line[start+colon+1:], "//") {
		return start
	}
	from := start + colon + 3
	if end := strings.IndexAny(line[from:], "/?# \t"); end >= 0 {
		return from + end
	}
	return len(line)
}

// labelDotAt says line[i] is a full stop of Chinese or Japanese text (。,
// ．or ｡) between two labels of a site name, as in EXAMPLE。COM typed
// with a Chinese keyboard: browsers read it as "." (UTS #46), so it does
// not end the link. One followed by anything but a letter or digit of the
// Latin alphabet (full width too) ends a sentence instead.
func labelDotAt(line string, i int) bool {
	r, size := utf8.DecodeRuneInString(line[i:])
	if r != '。' && r != '．' && r != '｡' {
		return false
	}
	next, _ := utf8.DecodeRuneInString(line[i+size:])
	return next < utf8.RuneSelf && isSiteNameByte(byte(next)) && next != '.' && next != '-' ||
		'０' <= next && next <= '９' || 'Ａ' <= next && next <= 'Ｚ' || 'ａ' <= next && next <= 'ｚ'
}

// endsBefore says a link ends before line[i]: at a forum's closing tag, as
// in [img]…[/img], or at a comma or semicolon directly followed by another
// link.
func endsBefore(line string, i int) bool {
	switch line[i] {
	case '[':
		return strings.HasPrefix(line[i+1:], "/")
	case ',', ';':
		return startsLink(line[i+1:])
	}
	return false
}

// brackets counts the (, [ and { opened inside a link and not yet closed.
type brackets struct {
	parens, squares, braces int
}

// track notes b and reports whether the link goes on: false for a closing
// bracket that was not opened inside the link.
func (o *brackets) track(b byte) bool {
	var n *int
	switch b {
	case '(', ')':
		n = &o.parens
	case '[', ']':
		n = &o.squares
	case '{', '}':
		n = &o.braces
	default:
		return true
	}
	if b == '(' || b == '[' || b == '{' {
		*n++
		return true
	}
	if *n == 0 {
		return false
	}
	*n--
	return true
}

// closedQuote reports whether rest, the text after a double quote inside a
// link, closes it before the link could end, as in ?q="cat".
func closedQuote(rest string) bool {
	for i := 0; i < len(rest); i++ {
		switch b := rest[i]; {
		case b == '"':
			return true
		case endsLink(b):
			return false
		}
	}
	return false
}

// spacedEnd extends a link that stops at a space when the text around it
// is plainly one address with spaces in it, as pasted from a file manager
// or written in an HTML attribute; browsers send such spaces as %20. That
// is the case inside a quoted attribute value (src="…/a b.jpg") that closes
// on the same line; on a line or cell that holds nothing but the link
// when the link's last segment has no extension and the words after it
// end in one (…/my photo.jpg); and in running text when the link's last
// segment has no extension and one or two words after it end in a
// picture's (…/my photo 2.jpg?tag=q is the one). So "…/a.jpg nice one"
// stays a link and a comment, and "…/cats are lovely" a link and prose.
// Otherwise end is returned as it is.
func spacedEnd(line string, start, end int) int {
	switch {
	case end >= len(line) || line[end] != ' ':
		return end
	case inQuotedAttribute(line, start):
		return quotedValueEnd(line, start, end)
	case hasExtension(line[start:end]):
		return end
	case strings.TrimLeft(line[:start], " \t") == "":
		if tail := strings.TrimRight(line[end:], " \t"); tail != "" && continuesPath(tail) {
			return end + len(tail)
		}
	}
	return pictureNameEnd(line, end)
}

// maxNameWords is how many words after a link's first space may complete
// its file name in running text ("…/my photo 2.jpg"): more would take
// prose for a name.
const maxNameWords = 2

// pictureNameEnd returns where a file name that a link's first space cuts
// ends, when the words after it complete it with a picture's extension
// before the line or the next word that could not be in a path ends
// (" photo 2.jpg?tag=q" after "…/img/my"); else end, the space.
func pictureNameEnd(line string, end int) int {
	at := end
	for range maxNameWords {
		if at >= len(line) || line[at] != ' ' {
			return end
		}
		wordEnd := at + 1 + linkEnd(line[at+1:], 0)
		word := line[at+1 : wordEnd]
		if word == "" || startsLink(word) || strings.Contains(word, "://") {
			return end
		}
		if isPictureFile(trimTrailing(word)) {
			return wordEnd
		}
		at = wordEnd
	}
	return end
}

// inQuotedAttribute reports whether the link that starts at start opens a
// quoted HTML attribute value.
func inQuotedAttribute(line string, start int) bool {
	return start > 0 && inAttribute(line, start) && (line[start-1] == '"' || line[start-1] == '\'')
}

// continuesPath reports whether the rest of a line after a link's first
// space (" photo.jpg") reads as the rest of its path: single-spaced words
// that are not links themselves, ending in a file extension.
func continuesPath(tail string) bool {
	for _, word := range strings.Split(tail[1:], " ") {
		if word == "" || startsLink(word) || strings.Contains(word, "://") || linkEnd(word, 0) != len(word) {
			return false
		}
	}
	return hasExtension(tail)
}

// quotedValueEnd returns where the quoted attribute value holding the link
// that starts at start closes, or end when it does not close on this line
// or is a srcset list, whose addresses are separated by spaces.
func quotedValueEnd(line string, start, end int) int {
	if strings.HasSuffix(strings.ToLower(attributeName(line, start)), "srcset") {
		return end
	}
	closing := strings.IndexAny(line[end:], "\"'<>\t")
	if closing <= 0 || line[end+closing] != line[start-1] {
		return end
	}
	return end + closing
}

// attributeName returns the name of the HTML attribute whose quoted value
// starts at start.
func attributeName(line string, start int) string {
	j := strings.LastIndexByte(line[:start], '=')
	name := strings.TrimRight(line[:j], " \t")
	k := len(name)
	for k > 0 && (isSchemeByte(name[k-1]) || name[k-1] == '_' || name[k-1] == ':') {
		k--
	}
	return name[k:]
}

// isPictureFile reports whether the last path segment of s, a query or
// fragment set aside, ends in a picture's extension.
func isPictureFile(s string) bool {
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	return hasExtension(s) && sniff.ImageExtension(s[strings.LastIndexByte(s, '.'):])
}

// hasExtension reports whether the last path segment of s ends in a file
// extension: a dot and one to five letters or digits.
func hasExtension(s string) bool {
	dot := strings.LastIndexByte(s, '.')
	if dot < 0 || strings.IndexByte(s[dot:], '/') >= 0 {
		return false
	}
	ext := s[dot+1:]
	if len(ext) < 1 || len(ext) > 5 {
		return false
	}
	for i := 0; i < len(ext); i++ {
		if !isLetter(ext[i]) && (ext[i] < '0' || ext[i] > '9') {
			return false
		}
	}
	return true
}

// trimTrailing drops punctuation that ends a sentence rather than a link.
// A closing quote stays when the link opened it ('singlequoted').
func trimTrailing(s string) string {
	for s != "" {
		r, size := utf8.DecodeLastRuneInString(s)
		if r < utf8.RuneSelf {
			if strings.IndexByte(".,;:!?'\"*", byte(r)) < 0 {
				return s
			}
			if (r == '\'' || r == '"') && strings.Count(s, string(r))%2 == 0 {
				return s
			}
		} else if !unicode.IsPunct(r) && !invisible(r) {
			return s
		}
		s = s[:len(s)-size]
	}
	return s
}

// startsLink reports whether s begins with an http(s) or www. address.
func startsLink(s string) bool {
	return hasPrefixFold(s, "http://") || hasPrefixFold(s, "https://") || hasPrefixFold(s, "www.")
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// endsLink reports whether the ASCII byte b can never be part of a link.
func endsLink(b byte) bool {
	switch b {
	case '"', '<', '>', '`', '|', 0x7f:
		return true
	}
	return b <= ' '
}

// endsLinkRune reports whether a non-ASCII character ends a link: invalid
// UTF-8, spaces, invisible format characters, brackets and quotes, and CJK
// punctuation.
func endsLinkRune(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1:
		return true
	case unicode.IsSpace(r), unicode.IsControl(r), unicode.Is(unicode.Cf, r):
		return true
	case unicode.In(r, unicode.Ps, unicode.Pe, unicode.Pi, unicode.Pf):
		return true
	case 0x3000 <= r && r <= 0x303f:
		return true
	case 0xff00 <= r && r <= 0xff65 && !unicode.IsLetter(r) && !unicode.IsDigit(r):
		return true // full-width punctuation and symbols such as ，：｜
	}
	return false
}

func isLetter(b byte) bool {
	return ('a' <= b && b <= 'z') || ('A' <= b && b <= 'Z')
}

// isSiteNameByte reports whether b can be part of a site name such as
// www.例え.テスト (non-ASCII bytes are taken as part of it).
func isSiteNameByte(b byte) bool {
	return isLetter(b) || ('0' <= b && b <= '9') || b == '-' || b == '.' || b == '_' || b >= utf8.RuneSelf
}

func isSchemeByte(b byte) bool {
	return isLetter(b) || ('0' <= b && b <= '9') || b == '+' || b == '-' || b == '.'
}

// isHostByte reports whether b could belong to the address before a "www.",
// in which case that "www." is not the start of a new link.
func isHostByte(b byte) bool {
	return isSchemeByte(b) || b == '_' || b == '@' || b == '/' || b == ':' || b == '%'
}
