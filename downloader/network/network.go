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
	"context"
	"net"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"

	"haul/downloader/cookies"
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
