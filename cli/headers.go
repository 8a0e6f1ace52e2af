package cli

import "strings"

// tokenSymbols are the punctuation marks allowed in a header name (RFC 9110 token).
const tokenSymbols = "!#$%&'*+-.^_`|~"

// validHeaderName reports whether s can be sent as a header name.
func validHeaderName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		alnum := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if !alnum && !strings.ContainsRune(tokenSymbols, r) {
			return false
		}
	}
	return true
}

// validHeaderValue reports whether s can be sent as a header value: no
// control characters other than tab (a line break would start a new header).
func validHeaderValue(s string) bool {
	for i := range len(s) {
		if b := s[i]; b < ' ' && b != '\t' || b == 0x7f {
			return false
		}
	}
	return true
}
