package sniff

import "bytes"

// isSVG reports whether a text document's root element is <svg>, after an
// optional byte order mark, XML declaration, processing instructions,
// comments and doctype.
func isSVG(head []byte) bool {
	s := bytes.TrimPrefix(head, utf8BOM)
	for {
		s = bytes.TrimLeft(s, " \t\r\n")
		var ok bool
		switch {
		case bytes.HasPrefix(s, []byte("<?")):
			s, ok = after(s, "?>")
		case bytes.HasPrefix(s, []byte("<!--")):
			s, ok = after(s, "-->")
		case len(s) >= 9 && bytes.EqualFold(s[:9], []byte("<!DOCTYPE")):
			s, ok = afterDoctype(s)
		default:
			return startsSVGElement(s)
		}
		if !ok {
			return false
		}
	}
}

// after returns what follows the first end marker in s.
func after(s []byte, end string) ([]byte, bool) {
	i := bytes.Index(s, []byte(end))
	if i < 0 {
		return nil, false
	}
	return s[i+len(end):], true
}

// afterDoctype returns what follows a doctype, which may hold an internal
// subset in square brackets.
func afterDoctype(s []byte) ([]byte, bool) {
	i := bytes.IndexAny(s, "[>")
	if i < 0 {
		return nil, false
	}
	if s[i] == '[' {
		rest, ok := after(s[i:], "]")
		if !ok {
			return nil, false
		}
		return after(rest, ">")
	}
	return s[i+1:], true
}

// startsSVGElement reports whether s starts with an <svg> (or <svg:svg>)
// start tag.
func startsSVGElement(s []byte) bool {
	for _, tag := range []string{"<svg", "<svg:svg"} {
		if !bytes.HasPrefix(s, []byte(tag)) {
			continue
		}
		rest := s[len(tag):]
		if len(rest) == 0 || bytes.IndexByte([]byte(" \t\r\n/>"), rest[0]) >= 0 {
			return true
		}
	}
	return false
}
