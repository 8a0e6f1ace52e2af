package cookies

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"time"

	"golang.org/x/net/publicsuffix"
)

// Cookie is one stored cookie, as a browser keeps it.
type Cookie struct {
	// Host is the host or domain the cookie belongs to, without a leading dot.
	Host string
	// HostOnly says the cookie goes to Host only; otherwise also to its subdomains.
	HostOnly bool
	Path     string
	Secure   bool
	HTTPOnly bool
	// Expires is when the cookie ends; zero for a cookie that lasts the session.
	Expires     time.Time
	Name, Value string
}

// NewJar returns an empty cookie jar that keeps cookies to their own
// domains, using the public suffix list.
func NewJar() *cookiejar.Jar {
	jar, _ := cookiejar.New(&cookiejar.Options{PublicSuffixList: publicsuffix.List}) // New never fails
	return jar
}

// AddTo puts cookies into jar, each for its own host or domain. Expired
// cookies and cookies without a host are left out. It returns how many
// were added.
func AddTo(jar http.CookieJar, cs []Cookie, now time.Time) int {
	n := 0
	for _, c := range cs {
		if c.Host == "" || c.Name == "" || (!c.Expires.IsZero() && !c.Expires.After(now)) {
			continue
		}
		u := &url.URL{Scheme: "http", Host: c.Host, Path: "/"}
		if c.Secure {
			u.Scheme = "https"
		}
		hc := &http.Cookie{Name: c.Name, Value: c.Value, Path: c.Path, Secure: c.Secure, HttpOnly: c.HTTPOnly, Expires: c.Expires}
		if hc.Path == "" {
			hc.Path = "/"
		}
		if !c.HostOnly {
			hc.Domain = c.Host
		}
		jar.SetCookies(u, []*http.Cookie{hc})
		n++
	}
	return n
}

// splitDomain turns a stored host ("example.com" or ".example.com") into
// the host and whether the cookie is for that host only.
func splitDomain(host string) (string, bool) {
	h := strings.TrimPrefix(host, ".")
	return strings.ToLower(h), h == host
}
