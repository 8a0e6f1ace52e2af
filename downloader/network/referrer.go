package network

import (
	"net/url"
	"strings"
)

// refererFor is the Referer a request to target carries when it comes from
// the address source, as browsers send it by default
// (strict-origin-when-cross-origin): the whole address to its own origin,
// the origin alone to another, nothing from https to http, and never a
// user name, password or fragment. It is "" when nothing is to be sent.
func refererFor(source string, target *url.URL) string {
	u, err := url.Parse(source)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return ""
	}
	if u.Scheme == "https" && target.Scheme != "https" {
		return ""
	}
	if sameOrigin(u, target) {
		return withoutCredentials(u)
	}
	return u.Scheme + "://" + u.Host + "/"
}

// withoutCredentials is u without its user name, password and fragment,
// the parts of an address that are never sent to a server as Referer.
func withoutCredentials(u *url.URL) string {
	c := *u
	c.User, c.Fragment, c.RawFragment = nil, "", ""
	return c.String()
}

// plainReferer is a Referer Haul was asked to send (by -referer or a site
// rule) without any user name, password or fragment it holds; an address
// that does not parse is sent as given.
func plainReferer(ref string) string {
	u, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	return withoutCredentials(u)
}

// sameOrigin says a and b are on one site: scheme, host and port (a
// port left out is the scheme's own).
func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) &&
		effectivePort(a) == effectivePort(b)
}

// effectivePort is u's port, or its scheme's own when none is written.
func effectivePort(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return "443"
	case "http":
		return "80"
	}
	return ""
}
