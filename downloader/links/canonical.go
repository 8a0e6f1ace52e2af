package links

import (
	"net/url"
	"strings"
)

// Check parses a link and says why it cannot be downloaded ("" when it
// can); the link comes back without its #fragment.
func Check(raw string) (*url.URL, Reason) {
	u, err := url.Parse(raw)
	switch {
	case raw == "":
		return nil, ReasonEmpty
	case err != nil:
		return nil, ReasonInvalid
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, ReasonScheme
	case u.Hostname() == "":
		return nil, ReasonNoHost
	}
	u.Fragment, u.RawFragment = "", ""
	return u, ""
}

// Key is the key of a checked link u, read from raw: its canonical form
// without a password, and the user name and password it came with (nil
// when it holds no password). raw itself is the key when it is already in
// that form, so that whoever keeps the key shares the caller's string.
func Key(raw string, u *url.URL) (key string, user *url.Userinfo) {
	if u.User != nil {
		if _, has := u.User.Password(); has {
			user = u.User
			bare := *u
			bare.User = url.User(u.User.Username())
			if u.User.Username() == "" {
				bare.User = nil
			}
			return bare.String(), user
		}
	}
	if key := u.String(); key != raw {
		return key, nil
	}
	return raw, nil
}

// Canonical is the one form of a link that the download list, its journal
// and the intake use as its key (non-ASCII characters percent-encoded, no
// #fragment, no password); ok is false for a link that cannot be
// downloaded.
func Canonical(raw string) (key string, ok bool) {
	u, reason := Check(strings.TrimSpace(raw))
	if reason != "" {
		return "", false
	}
	key, _ = Key("", u)
	return key, true
}

// Same says a and b are one link, however each is spelled.
func Same(a, b string) bool {
	if a == b {
		return true
	}
	ka, okA := Canonical(a)
	kb, okB := Canonical(b)
	return okA && okB && ka == kb
}

// defaultPorts is the port of each scheme Haul downloads from.
var defaultPorts = map[string]string{"http": "80", "https": "443"}

// SiteKey groups links by site for the per-site limits: host and port,
// lower-cased as parsed.
func SiteKey(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = defaultPorts[u.Scheme]
	}
	return u.Hostname() + ":" + port
}
