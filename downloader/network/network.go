// Package network is the engine's way to the sites: the one HTTP client
// every request goes through, with its cookie jar (and the cookies
// browsers handed over, kept per page site), its proxy, the site rules and
// the headers the user asked for, the Referer as browsers send it, the
// request and byte pacing (Rates), and the pictures the app fetched and
// keeps for their download. It also reads web pages for their pictures
// (FindImages) and has a browser draw them (RenderImages). It never
// imports the engine.
package network

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"haul/downloader/cookies"
	"haul/downloader/rules"
	"haul/downloader/throttle"
	"haul/downloader/transfer"

	"golang.org/x/time/rate"
)

// Network is the Manager's way to the sites: the one HTTP client every
// request goes through, with its cookie jar, its proxy, the site rules
// and the headers the user asked for, and the pictures the app fetched
// and keeps for their download (kept.go). Downloads, the app's own
// requests (Fetch, FetchKeep), the pages read for pictures (FindImages)
// and the pages a browser draws (RenderImages) all go out the same way.
//
// Network takes no lock of any other part's: the proxy, the site rules and
// the Referer choice are swapped whole (atomics), the kept responses are
// behind their own mutex, and the request pacing is Rates'.
type Network struct {
	client *http.Client
	jar    http.CookieJar
	proxy  atomic.Pointer[proxyFunc]
	sites  atomic.Pointer[[]SiteRule]
	kept   keptResponses // whole pictures the app fetched, for their download
	pages  pageClients   // the cookies browsers handed over, by page
	rates  *Rates        // shared with the downloads
	// noPageReferer is Limits.NoPageReferer, for the app's own requests.
	noPageReferer atomic.Bool
	// header, userAgent and referer are the options of every request.
	header    http.Header
	userAgent string
	referer   string
	// sitesChanged tells the engine the site rules changed (their
	// per-site limits decide what starts next).
	sitesChanged func()
}

// Config is how a Network is set up: the engine's options that concern
// the way to the sites.
type Config struct {
	// Client replaces the shared HTTP client (tests); its Transport should have timeouts.
	Client *http.Client
	// Jar holds the cookies; nil starts an empty jar.
	Jar http.CookieJar
	// Proxy is the user's proxy choice.
	Proxy ProxySettings
	// Sites are the per-site rules.
	Sites []SiteRule
	// Header, UserAgent and Referer go with every request.
	Header    http.Header
	UserAgent string
	Referer   string
	// NoPageReferer stops sending the page a picture was found on as Referer.
	NoPageReferer bool
	// ConnectTimeout bounds connecting and the TLS handshake; IdleTimeout
	// bounds the wait for an answer's headers.
	ConnectTimeout, IdleTimeout time.Duration
	// MaxIdlePerHost is how many idle connections are kept per site: as
	// many as downloads may run at once.
	MaxIdlePerHost int
	// DialContext replaces how connections are made (tests map host names to loopback).
	DialContext func(ctx context.Context, network, addr string) (net.Conn, error)
	// SitesChanged, when set, is told that the site rules changed (their
	// per-site limits decide what starts next).
	SitesChanged func()
}

// New sets up the cookie jar, the proxy, the site rules and the one
// client that every request of the engine goes through (c.Client when
// set); rates pace its requests, shared with the downloads.
func New(c Config, rates *Rates) *Network {
	n := &Network{client: c.Client, jar: c.Jar, rates: rates,
		header: c.Header, userAgent: c.UserAgent, referer: c.Referer, sitesChanged: c.SitesChanged}
	if n.sitesChanged == nil {
		n.sitesChanged = func() {}
	}
	n.noPageReferer.Store(c.NoPageReferer)
	if n.jar == nil {
		n.jar = cookies.NewJar()
	}
	f, err := c.Proxy.resolve()
	if err != nil {
		// A proxy that cannot be used must not be bypassed: every request fails with why.
		f = func(*url.URL) (*url.URL, error) { return nil, err }
	}
	n.proxy.Store(&f)
	rules := append([]SiteRule(nil), c.Sites...)
	n.sites.Store(&rules)
	if n.client == nil {
		n.client = NewClient(c, n.proxyFor, n.jar)
		n.client.CheckRedirect = n.checkRedirect
		n.client.Transport = &keptTransport{base: n.client.Transport, kept: &n.kept}
	}
	return n
}

// Client is the Manager's HTTP client, with its cookies, proxy and
// timeouts, for requests the app makes itself (such as thumbnails). Use
// Fetch to also get the site rules and the request pacing.
func (n *Network) Client() *http.Client { return n.client }

// AddCookies puts cookies into the Manager's jar, each for its own domain,
// for every request from now on; it returns how many were added.
func (n *Network) AddCookies(cs []cookies.Cookie) int {
	return cookies.AddTo(n.jar, cs, time.Now())
}

// SetNoPageReferer is Limits.NoPageReferer, for the app's own requests.
func (n *Network) SetNoPageReferer(no bool) { n.noPageReferer.Store(no) }

// proxyFor is the transport's Proxy function.
func (n *Network) proxyFor(req *http.Request) (*url.URL, error) {
	return (*n.proxy.Load())(req.URL)
}

// keptTransport answers a plain GET (not a resume) from the kept responses
// and passes every other request on.
type keptTransport struct {
	base http.RoundTripper
	kept *keptResponses
}

// RoundTrip implements http.RoundTripper.
func (t *keptTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodGet && req.Header.Get("Range") == "" && t.kept.count.Load() > 0 {
		if r := t.kept.take(req.URL.String()); r != nil {
			return &http.Response{Status: http.StatusText(r.status), StatusCode: r.status, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
				Header: r.header.Clone(), Body: io.NopCloser(bytes.NewReader(r.body)), ContentLength: int64(len(r.body)), Request: req}, nil
		}
	}
	return t.base.RoundTrip(req)
}

// CloseIdleConnections closes the idle connections of the transport below.
func (t *keptTransport) CloseIdleConnections() {
	if c, ok := t.base.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// pageClients are the clients of the pages whose browser handed over
// cookies: the Network's client with a jar that adds the page's partition
// (cookies.Partitions) to the user's cookies. They share the one
// transport, so connections and limits are shared too.
type pageClients struct {
	partitions cookies.Partitions
	mu         sync.Mutex
	clients    map[http.CookieJar]*http.Client
}

// AddPageCookies keeps the cookies a browser would send with the requests
// page makes, for the links found on or added from that page only (see
// cookies.Partitions); it returns how many were kept. They are held in
// memory, never written down.
func (n *Network) AddPageCookies(page string, cs []cookies.Cookie) int {
	return n.pages.partitions.Add(page, cs, time.Now())
}

// SendsCookies says a request for link made from page carries cookies:
// the user's, or those the page's browser handed over (AddPageCookies).
func (n *Network) SendsCookies(page string, link *url.URL) bool {
	if page == "" {
		return len(n.jar.Cookies(link)) > 0 // a link the user gave goes with the user's cookies alone
	}
	if own := n.pages.partitions.Site(page); own != nil && len(own.Cookies(link)) > 0 {
		return true
	}
	return len(n.jar.Cookies(link)) > 0
}

// ClientFor is the client for a request made from page ("" for one the
// user asked for): the Network's client, with the page's partition of
// cookies when its browser handed some over.
func (n *Network) ClientFor(page string) *http.Client {
	if page == "" {
		return n.client
	}
	own := n.pages.partitions.Site(page)
	if own == nil {
		return n.client
	}
	p := &n.pages
	p.mu.Lock()
	defer p.mu.Unlock()
	if c := p.clients[own]; c != nil {
		return c
	}
	if p.clients == nil {
		p.clients = map[http.CookieJar]*http.Client{}
	}
	c := *n.client
	c.Jar = cookies.Layered(own, n.jar)
	p.clients[own] = &c
	return &c
}

// Rates are the user's limits on requests per second and bytes per
// second, over all downloads. They can change while files download: the
// byte limiter's burst is fixed at the copy buffer, so no read is ever too
// large for it, and a change wakes every wait already reserved, which then
// waits again at the new rate (a raised limit is felt at once, not after a
// wait computed for the old one).
type Rates struct {
	requests *rate.Limiter
	bytes    *rate.Limiter

	mu      sync.Mutex
	bps     int64         // bytes per second, 0 for no limit
	changed chan struct{} // closed and replaced when the limits change
	meter   Meter         // counts the bytes read for a cap on them; nil for none
}

// Meter counts the bytes read over all downloads as they arrive, for a
// cap on them (the schedule's data per day), and holds reads back once the
// cap is reached.
type Meter interface {
	// Left is how many bytes may still be read before the cap; negative
	// when there is no cap now.
	Left() int64
	// Arrived counts n bytes just read; while the cap is reached, it
	// waits until more may be read, or returns ctx's error.
	Arrived(ctx context.Context, n int) error
	// Requesting waits, while downloads are held (outside the download
	// hours, or at the cap), until they are not, or returns ctx's error.
	Requesting(ctx context.Context) error
}

// NewRates paces requests to requestsPerSec and the bytes read to
// bytesPerSec, over all downloads; zero means unlimited.
func NewRates(requestsPerSec float64, bytesPerSec int64) *Rates {
	return &Rates{
		requests: rate.NewLimiter(limitOf(requestsPerSec), 1),
		bytes:    rate.NewLimiter(limitOf(float64(bytesPerSec)), copyBufferSize),
		bps:      max(bytesPerSec, 0),
		changed:  make(chan struct{}),
	}
}

// Set applies new limits; zero means unlimited.
func (r *Rates) Set(requestsPerSec float64, bytesPerSec int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests.SetLimit(limitOf(requestsPerSec))
	r.bytes.SetLimit(limitOf(float64(bytesPerSec)))
	r.bps = max(bytesPerSec, 0)
	close(r.changed)
	r.changed = make(chan struct{})
}

func limitOf(perSec float64) rate.Limit {
	if perSec <= 0 {
		return rate.Inf
	}
	return rate.Limit(perSec)
}

// Meter sets what counts the bytes read as they arrive (nil for nothing).
func (r *Rates) Meter(m Meter) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.meter = m
}

// Chunk is how much to read at once from a body, at most size: an eighth
// of a second of data (at least 4 KiB) under a byte limit, so progress
// stays smooth, else size; and near the meter's cap, a small share of
// what it leaves (at least 4 KiB), so the reads of many connections at
// once do not pass the cap by a chunk each.
func (r *Rates) Chunk(size int) int {
	r.mu.Lock()
	bps, meter := r.bps, r.meter
	r.mu.Unlock()
	n := int64(size)
	if bps > 0 {
		n = min(n, max(bps/8, MinChunk))
	}
	if meter != nil {
		if left := meter.Left(); left >= 0 {
			n = min(n, max(left/capShares, MinChunk))
		}
	}
	return int(n)
}

// MinChunk is the least a read asks for under a byte limit or near a cap:
// one connection passes a cap by at most that much.
const MinChunk = 4 << 10

// capShares is how many reads at once may share what is left below a cap
// before they pass it: each reads at most that share of it.
const capShares = 256

// WaitRequest waits until a request may start.
func (r *Rates) WaitRequest(ctx context.Context) error { return r.wait(ctx, r.requests, 1) }

// WaitFileRequest waits until a request for a file's bytes may start: the
// meter does not hold downloads, and the request rate allows one. Web
// pages read for their pictures are not held.
func (r *Rates) WaitFileRequest(ctx context.Context) error {
	r.mu.Lock()
	meter := r.meter
	r.mu.Unlock()
	if meter != nil {
		if err := meter.Requesting(ctx); err != nil {
			return err
		}
	}
	return r.WaitRequest(ctx)
}

// WaitBytes counts n bytes just read with the meter and waits until n more
// bytes (at most the copy buffer) may be read.
func (r *Rates) WaitBytes(ctx context.Context, n int) error {
	r.mu.Lock()
	meter := r.meter
	r.mu.Unlock()
	if meter != nil {
		if err := meter.Arrived(ctx, n); err != nil {
			return err
		}
	}
	return r.wait(ctx, r.bytes, n)
}

// wait reserves n tokens of lim and waits for them; when the limits change
// meanwhile, it gives the reservation back and reserves again.
func (r *Rates) wait(ctx context.Context, lim *rate.Limiter, n int) error {
	for {
		r.mu.Lock()
		changed := r.changed
		res := lim.ReserveN(time.Now(), n)
		r.mu.Unlock()
		if !res.OK() {
			return fmt.Errorf("rate limit: %d at once is more than the limiter allows", n)
		}
		d := res.Delay()
		if d == 0 {
			return nil
		}
		t := time.NewTimer(d)
		select {
		case <-t.C:
			return nil
		case <-changed:
			t.Stop()
			res.Cancel()
		case <-ctx.Done():
			t.Stop()
			res.Cancel()
			return ctx.Err()
		}
	}
}

// copyBufferSize is the chunk size for streaming bodies to disk: the byte
// limiter's burst is at least this.
const copyBufferSize = transfer.CopyBufferSize

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
