package naming

import "strings"

// dispositionName returns the file name a browser would take from a
// Content-Disposition header, before sanitizing, or "" when it names none.
// It follows RFC 6266 with the leniencies of Chromium's parser, which real
// servers rely on:
//   - the disposition type may be missing ("filename=a.jpg");
//   - a value may be unquoted and hold spaces or commas, or lack its
//     closing quote; backslash escapes in quoted values are undone;
//   - filename* (RFC 5987/8187) wins over filename and may use any charset
//     a browser knows (ISO-8859-1, windows-1252, GBK, Shift_JIS…);
//   - a plain filename may be percent-encoded UTF-8, RFC 2047 encoded
//     words, raw UTF-8, or raw bytes in windows-1252;
//   - the first usable filename wins when one is given twice;
//   - as in Firefox, a quoted filename* (sent by Outlook Web App and
//     others) is used when nothing else names the file.
//
// Parameters are read up to the first one without '=' ("inline; attachment;
// filename=a" names nothing), as Chromium does.
func dispositionName(header string) string {
	var plain, ext, quotedExt string
	for _, p := range dispositionParams(header) {
		switch {
		case plain == "" && strings.EqualFold(p.name, "filename"):
			plain = decodePlainValue(p.value)
		case ext == "" && strings.EqualFold(p.name, "filename*"):
			ext = decodeExtValue(p.raw)
			if quotedExt == "" && p.raw != p.value {
				quotedExt = decodeQuotedExtValue(p.value)
			}
		}
	}
	switch {
	case ext != "":
		return ext
	case plain != "":
		return plain
	}
	return quotedExt
}

// dispositionParam is one name=value pair of a Content-Disposition header.
type dispositionParam struct {
	name  string
	value string // unquoted, backslash escapes undone
	raw   string // as written, quotes included
}

// dispositionParams returns the parameters of a Content-Disposition header
// in order, after the disposition type when there is one.
func dispositionParams(header string) []dispositionParam {
	rest := skipDispositionType(header)
	var params []dispositionParam
	for rest != "" {
		var element string
		element, rest = nextElement(rest)
		element = strings.Trim(element, httpSpace)
		if element == "" {
			continue
		}
		name, value, ok := strings.Cut(element, "=")
		name = strings.Trim(name, httpSpace)
		if !ok || name == "" {
			break
		}
		value = strings.Trim(value, httpSpace)
		params = append(params, dispositionParam{name: name, value: unquote(value), raw: value})
	}
	return params
}

// httpSpace is the white space HTTP allows around header elements.
const httpSpace = " \t\r\n"

// skipDispositionType returns header after its disposition type. When the
// header does not start with a type (a token before the first ';'), all of
// it is parameters.
func skipDispositionType(header string) string {
	typ, rest, _ := strings.Cut(header, ";")
	if isToken(strings.Trim(typ, httpSpace)) {
		return rest
	}
	return header
}

// nextElement splits s at the first ';' outside a quoted string, where a
// backslash escapes the next character.
func nextElement(s string) (element, rest string) {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == ';':
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// unquote returns a parameter value without its quotes. A quoted string
// has its backslash escapes undone; a value that opens a quote and never
// closes it loses only that opening quote.
func unquote(v string) string {
	if !strings.HasPrefix(v, `"`) {
		return v
	}
	if len(v) < 2 || !strings.HasSuffix(v, `"`) {
		return v[1:]
	}
	v = v[1 : len(v)-1]
	if !strings.Contains(v, `\`) {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

// isToken reports whether s is a non-empty HTTP token (RFC 9110 tchar*).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}
