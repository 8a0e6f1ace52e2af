package links

import "strings"

// srcsetURLs returns the addresses in a srcset attribute such as
// "cat.jpg 1x, cat@2x.jpg 2x", following the HTML rules: an address runs to
// white space, commas at its end are separators, and descriptors run to the
// next comma.
func srcsetURLs(srcset string) []string {
	var urls []string
	s := srcset
	for {
		s = strings.TrimLeft(s, " \t\n\r\f,")
		if s == "" {
			return urls
		}
		end := strings.IndexAny(s, " \t\n\r\f")
		if end < 0 {
			end = len(s)
		}
		u, rest := s[:end], s[end:]
		if trimmed := strings.TrimRight(u, ","); trimmed != u {
			urls = append(urls, trimmed)
			s = rest
			continue
		}
		urls = append(urls, u)
		i := strings.IndexByte(rest, ',')
		if i < 0 {
			return urls
		}
		s = rest[i+1:]
	}
}
