package cookies

import (
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/publicsuffix"
)

// SiteOf is the site of an address as browsers judge "same site": its
// scheme and its registrable domain ("https://example.co.uk" for
// https://img.example.co.uk/a.jpg), or its whole host for an IP address or
// a name under no known suffix. The port plays no part. It is "" for an
// address that does not parse or has no host.
func SiteOf(address string) string {
	u, err := url.Parse(address)
	if err != nil || u.Hostname() == "" {
		return ""
	}
	return siteOfURL(u)
}

// siteOfURL is SiteOf for a parsed address.
func siteOfURL(u *url.URL) string {
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "" {
		return ""
	}
	domain := host
	if net.ParseIP(host) == nil {
		if d, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
			domain = d
		}
	}
	return strings.ToLower(u.Scheme) + "://" + domain
}

// SameSite says whether a request for link, made from page, is a same-site
// request as browsers judge it (schemes included): only then does a
// browser send the link's SameSite=Strict and Lax cookies, and cookies
// that name no SameSite. No page is never the same site.
func SameSite(page, link string) bool {
	p := SiteOf(page)
	return p != "" && p == SiteOf(link)
}

// Partitions are the cookies a browser handed over with the links of its
// pages, kept apart by the site of the page they came from, as browsers
// keep third-party cookies apart. A request made from a page (its
// Referer, whether sent or not) is given its page's partition and no
// other; so one page's sign-in is never lent to links another page names.
// Partitions are safe for concurrent use.
type Partitions struct {
	mu   sync.Mutex
	jars map[string]*cookiejar.Jar
}

// Add keeps cs for requests made from page, and returns how many were
// kept. Cookies from a page with no site are dropped: there is no page
// to tie them to.
func (p *Partitions) Add(page string, cs []Cookie, now time.Time) int {
	site := SiteOf(page)
	if site == "" || len(cs) == 0 {
		return 0
	}
	p.mu.Lock()
	if p.jars == nil {
		p.jars = map[string]*cookiejar.Jar{}
	}
	jar := p.jars[site]
	if jar == nil {
		jar = NewJar()
		p.jars[site] = jar
	}
	p.mu.Unlock()
	return AddTo(jar, cs, now)
}

// Site is the partition of the page's site, or nil when its browser
// handed over no cookies.
func (p *Partitions) Site(page string) http.CookieJar {
	site := SiteOf(page)
	if site == "" {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if jar := p.jars[site]; jar != nil {
		return jar
	}
	return nil
}

// Layered is a jar that sends own's cookies and then base's (a cookie of
// own hides base's of the same name), and keeps the cookies answers set in
// own: what the requests of a page's partition learn stays in it.
func Layered(own, base http.CookieJar) http.CookieJar {
	return layered{own: own, base: base}
}

type layered struct{ own, base http.CookieJar }

func (l layered) Cookies(u *url.URL) []*http.Cookie {
	cs := l.own.Cookies(u)
	seen := make(map[string]bool, len(cs))
	for _, c := range cs {
		seen[c.Name] = true
	}
	for _, c := range l.base.Cookies(u) {
		if !seen[c.Name] {
			cs = append(cs, c)
		}
	}
	return cs
}

func (l layered) SetCookies(u *url.URL, cs []*http.Cookie) { l.own.SetCookies(u, cs) }
