package links

import (
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// maxLinkLen is the longest address accepted. Real servers refuse far
// shorter ones; the limit keeps a runaway line from becoming a "link".
const maxLinkLen = 64 << 10

// normalize checks that raw is a downloadable http or https address and
// returns it without its #fragment, with scheme and site name lowercased.
// When raw is rejected, reason says why in plain words.
func normalize(raw string) (link string, reason Reason) {
	colon := strings.IndexByte(raw, ':')
	if colon < 0 {
		return "", ReasonInvalid
	}
	if scheme := raw[:colon]; !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") {
		return "", ReasonScheme
	}
	if len(raw) > maxLinkLen {
		return "", ReasonTooLong
	}
	if hasSpaceOrControl(raw) {
		return "", ReasonInvalid
	}
	if i := strings.IndexByte(raw, '#'); i >= 0 {
		raw = raw[:i]
	}
	link = lowerSchemeAndHost(raw)
	u, err := url.Parse(link)
	if err != nil {
		if strings.Contains(err.Error(), "invalid port") {
			return "", ReasonPort
		}
		return "", ReasonInvalid
	}
	if u.Hostname() == "" {
		return "", ReasonNoHost
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return "", ReasonPort
		}
	}
	return link, ""
}

// lowerSchemeAndHost lowercases the scheme and the site name of an absolute
// address, leaving user info, path and query as written.
func lowerSchemeAndHost(s string) string {
	colon := strings.IndexByte(s, ':')
	rest := s[colon+1:]
	if !strings.HasPrefix(rest, "//") {
		return lowerASCII(s[:colon]) + s[colon:]
	}
	auth := rest[2:]
	end := strings.IndexAny(auth, "/?")
	if end < 0 {
		end = len(auth)
	}
	hostStart := strings.LastIndexByte(auth[:end], '@') + 1
	host := auth[hostStart:end]
	if !hasUpper(s[:colon]) && !hasUpper(host) {
		return s
	}
	return lowerASCII(s[:colon]) + "://" + auth[:hostStart] + siteName(host) + auth[end:]
}

// siteName is a site name (with its port) as a browser reads it: lowercase,
// and an international one mapped as UTS #46 maps it, so that full-width
// letters and the full stops of Chinese and Japanese text (EXAMPLE。COM)
// name the site they stand for (example.com); a name the mapping refuses
// is only lowercased.
func siteName(host string) string {
	if !hasNonASCII(host) {
		return strings.ToLower(host)
	}
	name, port := host, ""
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		name, port = host[:i], host[i:]
	}
	ascii, err := idna.Lookup.ToASCII(name)
	if err != nil {
		return strings.ToLower(host)
	}
	shown, err := idna.Display.ToUnicode(ascii)
	if err != nil {
		return strings.ToLower(host)
	}
	return shown + port
}

// hasNonASCII says s holds a character beyond ASCII.
func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// hasSpaceOrControl reports whether s holds an ASCII space or control
// character, which no address may contain as written.
func hasSpaceOrControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] == 0x7f {
			return true
		}
	}
	return false
}

// hasUpper reports whether s has any character that lowercasing changes.
func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b >= 0x80 || ('A' <= b && b <= 'Z') {
			return true
		}
	}
	return false
}

// lowerASCII lowercases an ASCII scheme name.
func lowerASCII(s string) string {
	if !hasUpper(s) {
		return s
	}
	return strings.ToLower(s)
}
