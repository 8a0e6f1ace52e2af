package pages

import (
	"strconv"
	"strings"
)

// htmlSpace is the white space HTML allows around and inside attribute lists.
const htmlSpace = " \t\n\r\f"

// srcsetEntry is one address in a srcset list with its size descriptor.
type srcsetEntry struct {
	url   string
	width int     // the w descriptor, 0 when absent
	x     float64 // the x descriptor, 1 when absent
}

// parseSrcset splits a srcset attribute such as "cat.jpg 1x, cat@2x.jpg 2x"
// following the HTML rules: an address runs to white space, commas at its
// end are separators, and descriptors run to the next comma.
func parseSrcset(srcset string) []srcsetEntry {
	var entries []srcsetEntry
	s := srcset
	for {
		s = strings.TrimLeft(s, htmlSpace+",")
		if s == "" {
			return entries
		}
		end := strings.IndexAny(s, htmlSpace)
		if end < 0 {
			end = len(s)
		}
		u, rest := s[:end], s[end:]
		if trimmed := strings.TrimRight(u, ","); trimmed != u {
			entries = append(entries, srcsetEntry{url: trimmed, x: 1})
			s = rest
			continue
		}
		descriptors := rest
		if i := strings.IndexByte(rest, ','); i >= 0 {
			descriptors, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		entries = append(entries, withDescriptors(u, descriptors))
		s = rest
	}
}

// withDescriptors reads the w and x descriptors that follow an address.
func withDescriptors(u, descriptors string) srcsetEntry {
	e := srcsetEntry{url: u, x: 1}
	for _, d := range strings.Fields(descriptors) {
		if len(d) < 2 {
			continue
		}
		value := d[:len(d)-1]
		switch d[len(d)-1] {
		case 'w':
			if w, err := strconv.Atoi(value); err == nil && w > 0 {
				e.width = w
			}
		case 'x':
			if x, err := strconv.ParseFloat(value, 64); err == nil && x > 0 {
				e.x = x
			}
		}
	}
	return e
}
