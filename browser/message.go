package browser

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net"
	"net/url"
	"strings"
	"time"

	"golang.org/x/net/publicsuffix"

	"haul/downloader/cookies"
)

// The types of message the extension sends.
const (
	// TypePictures is a page's pictures, to choose from in the picker.
	TypePictures = "pictures"
	// TypeLinks is links to queue as they are.
	TypeLinks = "links"
)

// MaxLinks is the most links one message may name, over all its pages.
const MaxLinks = 50000

// MaxTabs is the most pages one message may hand over.
const MaxTabs = 100

// maxHeaderLength is the longest Referer or User-Agent taken from a message.
const maxHeaderLength = 4096

// Message is what the extension hands over: pictures or links, the page
// they are on, and what to send with their requests.
type Message struct {
	// Type is TypePictures or TypeLinks.
	Type string `json:"type"`
	// Page is the page the pictures or links are on; its address is the
	// Referer and its title names the folder.
	Page Page `json:"page"`
	// Links are the pictures' or links' addresses, in the page's order.
	Links []string `json:"links"`
	// Sizes are the pictures' sizes in pixels as the page shows them, by
	// address, where the browser knows them; the picker uses them until it
	// has a picture's own.
	Sizes map[string]Size `json:"sizes,omitempty"`
	// Named are the links of Links the page only names (links to picture
	// files, links in a selection) and does not show: a browser would not
	// ask for them from the page, so they get no other site's cookies.
	Named []string `json:"named,omitempty"`
	// Cookies are the browser's cookies of the links' sites; only those a
	// browser would send with the links' requests from their page are kept
	// (see Parse).
	Cookies []Cookie `json:"cookies,omitempty"`
	// UserAgent is the browser's User-Agent.
	UserAgent string `json:"userAgent,omitempty"`
	// HTML is the page's markup as the browser held it once scrolled, read
	// by Haul as it reads a page (see pages.FromBrowser); "" when it was
	// too large to send.
	HTML string `json:"html,omitempty"`
	// Drawn are the sizes, in CSS pixels, the page drew pictures at, by
	// address.
	Drawn map[string]Size `json:"drawn,omitempty"`
	// Backgrounds are the links of Links the page draws as backgrounds.
	Backgrounds []string `json:"backgrounds,omitempty"`
	// Tabs are the other pages of the message, when the pictures of every
	// tab of a window are handed over at once; each is a page's pictures
	// as the message's own fields give the first page's.
	Tabs []Tab `json:"tabs,omitempty"`
	// AtOnce asks to save the pictures each page is about at once,
	// without the picker.
	AtOnce bool `json:"atOnce,omitempty"`
}

// Tab is one more page's pictures in a message.
type Tab struct {
	Page  Page            `json:"page"`
	Links []string        `json:"links"`
	Named []string        `json:"named,omitempty"`
	Sizes map[string]Size `json:"sizes,omitempty"`
	Drawn map[string]Size `json:"drawn,omitempty"`
	// Backgrounds are the links of Links the page draws as backgrounds.
	Backgrounds []string `json:"backgrounds,omitempty"`
	HTML        string   `json:"html,omitempty"`
	// Cookies are, once the message is parsed, the cookies a browser would
	// send with this page's links from it; the extension hands every
	// cookie over in the message's own Cookies.
	Cookies []Cookie `json:"cookies,omitempty"`
}

// Size is a picture's width and height in pixels.
type Size struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Page is the web page a message comes from.
type Page struct {
	URL   string `json:"url"`
	Title string `json:"title,omitempty"`
}

// Cookie is one cookie as the extensions' cookies API gives it.
type Cookie struct {
	Domain   string `json:"domain"`
	HostOnly bool   `json:"hostOnly"`
	Path     string `json:"path"`
	Secure   bool   `json:"secure"`
	HTTPOnly bool   `json:"httpOnly"`
	// Expires is in seconds since 1970; 0 for a cookie of the session.
	Expires float64 `json:"expirationDate,omitempty"`
	Name    string  `json:"name"`
	Value   string  `json:"value"`
	// SameSite is the cookie's SameSite as the cookies API names it:
	// "no_restriction" (None), "lax", "strict" or "unspecified"; a cookie
	// without one is taken as "unspecified", which browsers treat as Lax.
	SameSite string `json:"sameSite,omitempty"`
}

// sameSiteNone is the cookies API's name for SameSite=None.
const sameSiteNone = "no_restriction"

// Parse reads and checks one message: valid JSON of the expected shape, a
// known type, one to MaxLinks links, every link and the page http or https,
// and headers that can be sent. Only the cookies a browser would send with
// the links' requests from the page are kept (see cookiesOfLinks). A
// message that fails is refused whole with a *Refusal.
func Parse(body []byte) (Message, error) {
	var m Message
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&m); err != nil {
		return Message{}, &Refusal{Kind: BadJSON, Err: err}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Message{}, &Refusal{Kind: BadJSON, Err: errors.New("more follows the message")}
	}
	if err := m.check(); err != nil {
		return Message{}, err
	}
	offered := m.Cookies
	for _, t := range m.Tabs {
		offered = append(offered, t.Cookies...)
	}
	m.Cookies = cookiesOfLinks(offered, m.Page.URL, m.Links, m.Named)
	m.Sizes, m.Drawn = sizesOfLinks(m.Sizes, m.Links), sizesOfLinks(m.Drawn, m.Links)
	for i := range m.Tabs {
		t := &m.Tabs[i]
		t.Cookies = cookiesOfLinks(offered, t.Page.URL, t.Links, t.Named)
		t.Sizes, t.Drawn = sizesOfLinks(t.Sizes, t.Links), sizesOfLinks(t.Drawn, t.Links)
	}
	return m, nil
}

// Pages are the message's pages with their pictures and the cookies kept
// for them: its own page first, then its other tabs'.
func (m Message) Pages() []Tab {
	first := Tab{Page: m.Page, Links: m.Links, Named: m.Named, Sizes: m.Sizes, Drawn: m.Drawn, Backgrounds: m.Backgrounds,
		HTML: m.HTML, Cookies: m.Cookies}
	return append([]Tab{first}, m.Tabs...)
}

// maxSide is the largest width or height taken as a picture's size.
const maxSide = 1 << 20

// sizesOfLinks keeps the sizes of the message's own links that can be
// sizes of a picture.
func sizesOfLinks(sizes map[string]Size, links []string) map[string]Size {
	if len(sizes) == 0 {
		return nil
	}
	kept := map[string]Size{}
	for _, link := range links {
		if s, ok := sizes[link]; ok && s.Width > 0 && s.Height > 0 && s.Width <= maxSide && s.Height <= maxSide {
			kept[link] = s
		}
	}
	return kept
}

// check refuses a message Haul must not act on.
func (m *Message) check() error {
	if m.Type != TypePictures && m.Type != TypeLinks || m.Type == TypeLinks && len(m.Tabs) > 0 {
		return &Refusal{Kind: UnknownKind, Value: m.Type}
	}
	if len(m.Tabs) >= MaxTabs {
		return &Refusal{Kind: TooMany, Size: len(m.Tabs) + 1, Limit: MaxTabs}
	}
	total := 0
	for _, t := range m.Pages() {
		total += len(t.Links)
		if len(t.Links) == 0 {
			return &Refusal{Kind: NoLinks}
		}
		if err := t.check(); err != nil {
			return err
		}
	}
	if total > MaxLinks {
		return &Refusal{Kind: TooMany, Size: total, Limit: MaxLinks}
	}
	if !isHeaderValue(m.UserAgent) {
		return &Refusal{Kind: BadHeader, Value: "User-Agent"}
	}
	return nil
}

// check refuses a page of a message whose addresses Haul must not act on.
func (t Tab) check() error {
	if t.Page.URL != "" && !isWebLink(t.Page.URL) {
		return &Refusal{Kind: NotWebLink, Value: t.Page.URL}
	}
	for _, link := range t.Links {
		if !isWebLink(link) {
			return &Refusal{Kind: NotWebLink, Value: link}
		}
	}
	if !isHeaderValue(t.Page.URL) {
		return &Refusal{Kind: BadHeader, Value: "Referer"}
	}
	return nil
}

// isWebLink says whether s is an absolute http or https address with a host.
func isWebLink(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}

// isHeaderValue says whether s can be sent as a header's value as it is.
func isHeaderValue(s string) bool {
	return len(s) <= maxHeaderLength && !strings.ContainsAny(s, "\r\n\x00")
}

// Hosts are the hosts of the links of the message's pages, each once, in
// order.
func (m Message) Hosts() []string {
	var hosts []string
	seen := map[string]bool{}
	var all []string
	for _, t := range m.Pages() {
		all = append(all, t.Links...)
	}
	for _, link := range all {
		u, err := url.Parse(link)
		if err != nil {
			continue
		}
		h := strings.ToLower(u.Hostname())
		if !seen[h] {
			seen[h] = true
			hosts = append(hosts, h)
		}
	}
	return hosts
}

// cookiesOfLinks keeps the cookies that a browser would send with the
// links' requests from page: a link on the page's own site (scheme
// included) carries its site's cookies, whatever their SameSite; a link on
// another site carries only its cookies marked SameSite=None and Secure,
// over https, and only when the page shows it: a link the page merely
// names (named) carries none of another site's. With no page, every link
// is another site's.
func cookiesOfLinks(cs []Cookie, page string, links, named []string) []Cookie {
	targets := linkTargets(page, links, named)
	var kept []Cookie
	for _, c := range cs {
		if c.Name == "" || !isHeaderValue(c.Value) || !isHeaderValue(c.Path) {
			continue
		}
		for _, t := range targets {
			if c.goesTo(t.host) && c.sentWith(t) {
				kept = append(kept, c)
				break
			}
		}
	}
	return kept
}

// linkTarget is what decides which cookies go with a link: its host, its
// scheme, whether it is on the page's site and whether the page shows it.
type linkTarget struct {
	host            string
	https, sameSite bool
	shown           bool
}

// linkTargets are the message's links as cookie targets, each kind once.
func linkTargets(page string, links, named []string) []linkTarget {
	isNamed := make(map[string]bool, len(named))
	for _, link := range named {
		isNamed[link] = true
	}
	seen := map[linkTarget]bool{}
	var targets []linkTarget
	for _, link := range links {
		u, err := url.Parse(link)
		if err != nil {
			continue
		}
		t := linkTarget{host: strings.ToLower(u.Hostname()), https: strings.EqualFold(u.Scheme, "https"),
			sameSite: cookies.SameSite(page, link), shown: !isNamed[link]}
		if !seen[t] {
			seen[t] = true
			targets = append(targets, t)
		}
	}
	return targets
}

// sentWith says whether a browser sends the cookie, which goes to t's
// host, with a request for t from the page.
func (c Cookie) sentWith(t linkTarget) bool {
	switch {
	case c.Secure && !t.https:
		return false
	case t.sameSite:
		return true
	}
	return t.shown && t.https && c.Secure && c.SameSite == sameSiteNone
}

// goesTo says whether a browser would send the cookie to host: a cookie
// of the host itself, or of a domain above it that is not a public suffix
// (such as "com" or "co.uk"); a cookie goes to an IP address only when it
// is that address's own.
func (c Cookie) goesTo(host string) bool {
	d := strings.ToLower(strings.TrimPrefix(c.Domain, "."))
	switch {
	case d == "":
		return false
	case host == d:
		return true
	case c.HostOnly || net.ParseIP(host) != nil || isPublicSuffix(d):
		return false
	}
	return strings.HasSuffix(host, "."+d)
}

// isPublicSuffix says whether d is a domain under which anyone may
// register a site, such as "com" or "github.io".
func isPublicSuffix(d string) bool {
	suffix, _ := publicsuffix.PublicSuffix(d)
	return suffix == d
}

// JarCookies are the cookies kept for the page's links as the engine's
// jar takes them.
func (t Tab) JarCookies() []cookies.Cookie {
	out := make([]cookies.Cookie, 0, len(t.Cookies))
	for _, c := range t.Cookies {
		jc := cookies.Cookie{
			Host: strings.ToLower(strings.TrimPrefix(c.Domain, ".")), HostOnly: c.HostOnly,
			Path: c.Path, Secure: c.Secure, HTTPOnly: c.HTTPOnly, Name: c.Name, Value: c.Value,
		}
		if c.Expires > 0 && c.Expires < math.MaxInt32*4 {
			sec, frac := math.Modf(c.Expires)
			jc.Expires = time.Unix(int64(sec), int64(frac*1e9))
		}
		out = append(out, jc)
	}
	return out
}
