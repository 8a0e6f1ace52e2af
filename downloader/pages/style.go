package pages

import "strings"

// styleImageURLs returns the addresses in the background and
// background-image declarations of an inline style attribute, such as
// "background-image: url('a.jpg')".
func styleImageURLs(style string) []string {
	var urls []string
	for _, decl := range splitDeclarations(style) {
		name, value, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "background", "background-image":
			urls = append(urls, cssURLs(value)...)
		}
	}
	return urls
}

// splitDeclarations splits a style attribute at the semicolons that end
// declarations, leaving semicolons inside quotes or parentheses (as in
// url(data:image/png;base64,…)) alone.
func splitDeclarations(style string) []string {
	var decls []string
	depth, quote, start := 0, byte(0), 0
	for i := 0; i < len(style); i++ {
		c := style[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case c == ';' && depth == 0:
			decls = append(decls, style[start:i])
			start = i + 1
		}
	}
	return append(decls, style[start:])
}

// cssURLs returns the addresses of the url(…) functions in a CSS value,
// written with single quotes, double quotes or none.
func cssURLs(value string) []string {
	var urls []string
	for {
		i := indexFold(value, "url(")
		if i < 0 {
			return urls
		}
		rest := strings.TrimLeft(value[i+len("url("):], htmlSpace)
		u, after := cssURLArgument(rest)
		if u != "" {
			urls = append(urls, u)
		}
		value = after
	}
}

// cssURLArgument reads the argument of a url( function from the start of
// s and returns it with the text after the function.
func cssURLArgument(s string) (arg, rest string) {
	if s != "" && (s[0] == '"' || s[0] == '\'') {
		quote := s[0]
		var b strings.Builder
		for i := 1; i < len(s); i++ {
			switch c := s[i]; {
			case c == '\\' && i+1 < len(s):
				i++
				b.WriteByte(s[i])
			case c == quote:
				return b.String(), s[i+1:]
			default:
				b.WriteByte(c)
			}
		}
		return b.String(), ""
	}
	end := strings.IndexByte(s, ')')
	if end < 0 {
		return strings.TrimRight(s, htmlSpace), ""
	}
	return strings.TrimRight(s[:end], htmlSpace), s[end+1:]
}

// indexFold is strings.Index ignoring ASCII case.
func indexFold(s, substr string) int {
	for i := 0; i+len(substr) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(substr)], substr) {
			return i
		}
	}
	return -1
}
