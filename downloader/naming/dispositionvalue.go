package naming

import (
	"io"
	"mime"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/unicode/norm"
)

// decodePlainValue decodes a filename= value as Chromium does, word by
// word: RFC 2047 encoded words (=?charset?Q?…?=), raw UTF-8, raw bytes in
// windows-1252, or percent-encoded UTF-8. Each run of white space becomes
// spaces, except after an encoded word. A word that cannot be decoded
// makes the whole value unusable: it returns "".
func decodePlainValue(v string) string {
	var b strings.Builder
	afterEncodedWord := true
	for v != "" {
		if i := strings.IndexAny(v, httpSpace); i != 0 {
			word := v
			if i > 0 {
				word, v = v[:i], v[i:]
			} else {
				v = ""
			}
			decoded, encoded, ok := decodeWord(word)
			if !ok {
				return ""
			}
			b.WriteString(decoded)
			afterEncodedWord = encoded
			continue
		}
		if !afterEncodedWord {
			b.WriteByte(' ')
		}
		v = v[1:]
	}
	return b.String()
}

// decodeWord decodes one white-space-free word of a filename= value and
// reports whether it was an RFC 2047 encoded word.
func decodeWord(word string) (decoded string, encoded, ok bool) {
	if !isASCII(word) {
		if utf8.ValidString(word) {
			return word, false, true
		}
		s, err := charmap.Windows1252.NewDecoder().String(word)
		return s, false, err == nil
	}
	if strings.HasPrefix(word, "=?") {
		s, err := encodedWords.Decode(word)
		return s, true, err == nil && utf8.ValidString(s)
	}
	s := percentDecode(word)
	return s, false, utf8.ValidString(s)
}

// encodedWords decodes RFC 2047 encoded words in any charset a browser knows.
var encodedWords = &mime.WordDecoder{CharsetReader: func(charset string, input io.Reader) (io.Reader, error) {
	enc, err := htmlindex.Get(charset)
	if err != nil {
		return nil, err
	}
	return enc.NewDecoder().Reader(input), nil
}}

// decodeExtValue decodes an RFC 5987/8187 filename* value such as
// UTF-8'en'caf%C3%A9.jpg, as Chromium does: exactly charset'language'value,
// no quotes, ASCII only, a charset a browser knows, and a result without
// undecodable bytes, in Unicode normal form C. Otherwise it returns "".
func decodeExtValue(raw string) string {
	if strings.Contains(raw, `"`) || !isASCII(raw) || strings.Count(raw, "'") != 2 {
		return ""
	}
	charset, rest, _ := strings.Cut(raw, "'")
	_, value, _ := strings.Cut(rest, "'")
	if charset == "" || value == "" {
		return ""
	}
	enc, err := htmlindex.Get(charset)
	if err != nil {
		return ""
	}
	s, err := enc.NewDecoder().String(percentDecode(value))
	if err != nil || strings.ContainsRune(s, utf8.RuneError) {
		return ""
	}
	return norm.NFC.String(s)
}

// decodeQuotedExtValue decodes the unquoted value of a quoted filename*,
// as Firefox does for servers such as Outlook Web App: an RFC 5987 value,
// or else percent-encoded UTF-8 without charset and language.
func decodeQuotedExtValue(v string) string {
	if s := decodeExtValue(v); s != "" {
		return s
	}
	if strings.Contains(v, "'") || !isASCII(v) {
		return ""
	}
	s := percentDecode(v)
	if !utf8.ValidString(s) {
		return ""
	}
	return norm.NFC.String(s)
}

// percentDecode replaces every %XX with the byte it stands for and leaves
// a '%' that is not followed by two hex digits as it is.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
