package network

import (
	"context"
	"fmt"
	"haul/downloader/rules"
	"haul/downloader/throttle"
	"net/http"
	"net/url"
	"strings"
)

// RefererRule says which Referer a site's requests carry.
type RefererRule int

// The Referer choices.
const (
	// RefererPage sends the page a link was found on (the default), else the
	// Referer set for every request.
	RefererPage RefererRule = iota
	// RefererNone sends no Referer.
	RefererNone
	// RefererFixed sends SiteRule.FixedReferer.
	RefererFixed
)

// AgentRule says which User-Agent a site's requests carry.
type AgentRule int

// The User-Agent choices.
const (
	// AgentHaul sends Haul's own User-Agent (or the one set for every request).
	AgentHaul AgentRule = iota
	// AgentBrowser sends a desktop browser's User-Agent, for sites that refuse others.
	AgentBrowser
	// AgentCustom sends SiteRule.CustomAgent.
	AgentCustom
)

// BrowserUserAgent is a current desktop browser's User-Agent.
const BrowserUserAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36"

// SiteRule is how Haul talks to one site and its subdomains.
type SiteRule struct {
	// Site is the site's host name, such as example.com; the rule also
	// applies to its subdomains (img.example.com).
	Site         string      `json:"site"`
	Referer      RefererRule `json:"referer,omitempty"`
	FixedReferer string      `json:"fixed_referer,omitempty"`
	Agent        AgentRule   `json:"agent,omitempty"`
	CustomAgent  string      `json:"custom_agent,omitempty"`
	// Header is sent with the site's requests, after the headers set for every request.
	Header http.Header `json:"header,omitempty"`
	// Cookies names where the site's cookies come from: a cookies.txt file
	// or a browser (NAME[:PROFILE]); the app reads them into the jar.
	Cookies string `json:"cookies,omitempty"`
	// PerHost caps downloads at once from the site; 0 keeps the general limit.
	PerHost int `json:"per_host,omitempty"`
	// PerMinute caps the requests started on the site a minute; 0 keeps
	// the general limit.
	PerMinute int `json:"per_minute,omitempty"`
	// PerDay caps the files the site gives a day (midnight to midnight);
	// once they are saved, its other links wait for the next day. 0 keeps
	// the general limit.
	PerDay int `json:"per_day,omitempty"`
	// ThrottleStatuses are the statuses by which the site says "slow down",
	// besides 429.
	ThrottleStatuses []int `json:"throttle_statuses,omitempty"`
	// ThrottleText is a text by which the site says "slow down" in an
	// answer's first bytes, such as "please wait a few minutes".
	ThrottleText string `json:"throttle_text,omitempty"`
}

// Limits are the rule's limits within the user's general ones for every
// site (at once, a second, files a day).
func (r SiteRule) Limits(general throttle.Limits) throttle.Limits {
	l := general
	if r.PerDay > 0 && (l.PerDay == 0 || r.PerDay < l.PerDay) {
		l.PerDay = r.PerDay
	}
	if r.PerHost > 0 {
		l.AtOnce = min(r.PerHost, l.AtOnce)
	}
	if r.PerMinute > 0 {
		perSecond := float64(r.PerMinute) / 60
		if l.PerSecond == 0 || perSecond < l.PerSecond {
			l.PerSecond = perSecond
		}
	}
	return l
}

// Signs are the site's own ways of saying "slow down".
func (r SiteRule) Signs() rules.ThrottleSigns {
	return rules.ThrottleSigns{Statuses: r.ThrottleStatuses, Text: r.ThrottleText}
}

// Matches says whether the rule applies to host.
func (r SiteRule) Matches(host string) bool {
	site := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(r.Site), "."))
	host = strings.ToLower(host)
	return site != "" && (host == site || strings.HasSuffix(host, "."+site))
}

// SetSites replaces the site rules; they apply to new requests at once.
func (n *Network) SetSites(rules []SiteRule) {
	rules = append([]SiteRule(nil), rules...)
	n.sites.Store(&rules)
	n.sitesChanged()
}

// Sites returns the site rules.
func (n *Network) Sites() []SiteRule {
	return append([]SiteRule(nil), *n.sites.Load()...)
}

// SiteRule returns the rule for host: the one for the longest matching site.
func (n *Network) SiteRule(host string) (SiteRule, bool) {
	var best SiteRule
	found := false
	for _, r := range *n.sites.Load() {
		if r.Matches(host) && (!found || len(r.Site) > len(best.Site)) {
			best, found = r, true
		}
	}
	return best, found
}

// SetHeaders sends the user's headers, User-Agent and Referer, then the
// site's own rules on top. page is the web page the link was found on; the
// user's headers were given for it (a link found on no page: for the link
// itself), and go to its host alone.
func (n *Network) SetHeaders(req *http.Request, page string, noPageReferer bool) {
	n.setHeadersFor(req, page, noPageReferer, page)
}

// setHeadersFor is setHeaders with the address the user's headers were
// given for; "" stands for the request's own address.
func (n *Network) setHeadersFor(req *http.Request, page string, noPageReferer bool, given string) {
	n.setUserHeaders(req, userHeadersGoTo(given, req.URL))
	rule, _ := n.SiteRule(req.URL.Hostname())
	switch {
	case rule.Referer == RefererNone:
	case rule.Referer == RefererFixed && rule.FixedReferer != "":
		req.Header.Set("Referer", plainReferer(rule.FixedReferer))
	case page != "" && !noPageReferer:
		if ref := refererFor(page, req.URL); ref != "" {
			req.Header.Set("Referer", ref)
		}
	case n.referer != "":
		req.Header.Set("Referer", plainReferer(n.referer))
	}
	for k, v := range rule.Header {
		req.Header[http.CanonicalHeaderKey(k)] = v
	}
	switch {
	case rule.Agent == AgentBrowser:
		req.Header.Set("User-Agent", BrowserUserAgent)
	case rule.Agent == AgentCustom && rule.CustomAgent != "":
		req.Header.Set("User-Agent", rule.CustomAgent)
	}
}

// SiteLimits are the limits of the site of items grouped under key
// (host:port): the site rule's, within the user's general ones.
func (n *Network) SiteLimits(key string, general throttle.Limits) throttle.Limits {
	host := key
	if h, _, found := strings.Cut(key, ":"); found {
		host = h
	}
	if strings.HasPrefix(key, "[") {
		host = strings.TrimPrefix(key[:strings.LastIndex(key, "]")], "[")
	}
	rule, _ := n.SiteRule(host)
	return rule.Limits(general)
}

// Fetch makes a GET request the way downloads do: through the same client
// (cookies, proxy, timeouts), within the request rate limit, with the
// user's headers and site rules, and page as Referer. The caller closes
// the body. It is for requests the app makes itself, such as thumbnails.
func (n *Network) Fetch(ctx context.Context, link, page string) (*http.Response, error) {
	if err := n.rates.WaitRequest(ctx); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, link, nil)
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", link, err)
	}
	n.SetHeaders(req, page, n.noPageReferer.Load())
	resp, err := n.ClientFor(page).Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", link, err)
	}
	return resp, nil
}

// setUserHeaders sends the User-Agent and, when mine, the user's headers.
func (n *Network) setUserHeaders(req *http.Request, mine bool) {
	// Files are saved as sent: ask for them unencoded (without the header a
	// server may gzip them), unless the user's headers ask otherwise.
	req.Header.Set("Accept-Encoding", "identity")
	if mine {
		for k, v := range n.header {
			req.Header[k] = v
		}
	}
	req.Header.Set("User-Agent", n.userAgent)
}

// headersGoTo says whether headers the user gave for the address given
// may be sent to target: only to the same host and port, or from http to
// https on the same host (each on its scheme's own port); never to another
// host, and never from https down to http.
func headersGoTo(given, target *url.URL) bool {
	if !strings.EqualFold(given.Hostname(), target.Hostname()) {
		return false
	}
	from, to := strings.ToLower(given.Scheme), strings.ToLower(target.Scheme)
	switch {
	case from == to:
		return effectivePort(given) == effectivePort(target)
	case from == "http" && to == "https":
		return given.Port() == "" && target.Port() == ""
	}
	return false
}

// userHeadersGoTo is headersGoTo for the address given written out; ""
// stands for the target itself, and an address that does not parse is
// given no headers.
func userHeadersGoTo(given string, target *url.URL) bool {
	if given == "" {
		return true
	}
	u, err := url.Parse(given)
	return err == nil && headersGoTo(u, target)
}
