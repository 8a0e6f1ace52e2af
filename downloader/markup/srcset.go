package markup

import (
	"strconv"
	"strings"
)

// Space is the white space HTML allows around and inside attribute lists.
const Space = " \t\n\r\f"

// SrcsetEntry is one address in a srcset list with its size descriptor.
type SrcsetEntry struct {
	URL     string
	Width   int     // the w descriptor, 0 when absent
	Density float64 // the x descriptor, 1 when absent
}

// Srcset splits a srcset attribute such as "cat.jpg 1x, cat@2x.jpg 2x"
// following the HTML rules: an address runs to white space, commas at its
// end are separators, and descriptors run to the next comma. A comma inside
// an address ("a.jpg,b.jpg") is part of it.
func Srcset(srcset string) []SrcsetEntry {
	var entries []SrcsetEntry
	s := srcset
	for {
		s = strings.TrimLeft(s, Space+",")
		if s == "" {
			return entries
		}
		end := strings.IndexAny(s, Space)
		if end < 0 {
			end = len(s)
		}
		u, rest := s[:end], s[end:]
		if trimmed := strings.TrimRight(u, ","); trimmed != u {
			entries = append(entries, SrcsetEntry{URL: trimmed, Density: 1})
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

// SrcsetURLs returns just the addresses of a srcset attribute, in order.
func SrcsetURLs(srcset string) []string {
	entries := Srcset(srcset)
	if len(entries) == 0 {
		return nil
	}
	urls := make([]string, len(entries))
	for i, e := range entries {
		urls[i] = e.URL
	}
	return urls
}

// withDescriptors reads the w and x descriptors that follow an address;
// descriptors that are not positive numbers are ignored.
func withDescriptors(u, descriptors string) SrcsetEntry {
	e := SrcsetEntry{URL: u, Density: 1}
	for _, d := range strings.Fields(descriptors) {
		if len(d) < 2 {
			continue
		}
		value := d[:len(d)-1]
		switch d[len(d)-1] {
		case 'w':
			if w, err := strconv.Atoi(value); err == nil && w > 0 {
				e.Width = w
			}
		case 'x':
			if x, err := strconv.ParseFloat(value, 64); err == nil && x > 0 {
				e.Density = x
			}
		}
	}
	return e
}
