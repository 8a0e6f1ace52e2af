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
	"sync"
	"sync/atomic"
	"time"

	"haul/downloader/cookies"
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

// Chunk is how much to read at once from a body, at most size: an eighth
// of a second of data (at least 4 KiB) under a byte limit, so progress
// stays smooth, else size.
func (r *Rates) Chunk(size int) int {
	r.mu.Lock()
	bps := r.bps
	r.mu.Unlock()
	if bps == 0 {
		return size
	}
	return int(min(int64(size), max(bps/8, 4<<10)))
}

// WaitRequest waits until a request may start.
func (r *Rates) WaitRequest(ctx context.Context) error { return r.wait(ctx, r.requests, 1) }

// WaitBytes waits until n more bytes (at most the copy buffer) may be read.
func (r *Rates) WaitBytes(ctx context.Context, n int) error { return r.wait(ctx, r.bytes, n) }

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
