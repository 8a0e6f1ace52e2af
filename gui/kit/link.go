package kit

import (
	"strings"
	"unicode/utf8"
)

// ReadableLink is a link as people read it: the percent-escapes that spell
// letters beyond ASCII are decoded (…/图片.jpg instead of
// …/%E5%9B%BE%E7%89%87.jpg); every other escape stays, so the link still
// means what it meant. For display only: copying and opening use the link.
func ReadableLink(raw string) string {
	if !strings.Contains(raw, "%") {
		return raw
	}
	var b strings.Builder
	for i := 0; i < len(raw); {
		run := highEscapes(raw[i:])
		if len(run) == 0 {
			b.WriteByte(raw[i])
			i++
			continue
		}
		if utf8.Valid(run) {
			b.Write(run)
		} else {
			b.WriteString(raw[i : i+3*len(run)])
		}
		i += 3 * len(run)
	}
	return b.String()
}

// highEscapes decodes the run of escapes at the start of s that stand for
// bytes of 0x80 and above.
func highEscapes(s string) []byte {
	var run []byte
	for len(s) >= 3 && s[0] == '%' {
		hi, ok1 := unhex(s[1])
		lo, ok2 := unhex(s[2])
		if !ok1 || !ok2 || hi < 8 {
			break
		}
		run = append(run, hi<<4|lo)
		s = s[3:]
	}
	return run
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
