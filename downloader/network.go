package downloader

import (
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
// Network takes no lock of the Manager's: the proxy, the site rules and
// the Referer choice are swapped whole (atomics), the kept responses are
// behind their own mutex, and the request pacing is rateLimits'.
type Network struct {
	client *http.Client
	jar    http.CookieJar
	proxy  atomic.Pointer[proxyFunc]
	sites  atomic.Pointer[[]SiteRule]
	kept   keptResponses // whole pictures the app fetched, for their download
	pages  pageClients   // the cookies browsers handed over, by page
	rates  *rateLimits   // shared with the downloads
	// noPageReferer is Limits.NoPageReferer, for the app's own requests.
	noPageReferer atomic.Bool
	// header, userAgent and referer are the options of every request.
	header    http.Header
	userAgent string
	referer   string
	// sitesChanged tells the Manager the site rules changed (their
	// per-site limits decide what starts next).
	sitesChanged func()
}

// newNetwork sets up the cookie jar, the proxy, the site rules and the
// one client that every request of the Manager goes through (opts.Client
// when set).
func newNetwork(opts Options, rates *rateLimits) *Network {
	n := &Network{client: opts.Client, jar: opts.Jar, rates: rates,
		header: opts.Header, userAgent: opts.UserAgent, referer: opts.Referer, sitesChanged: func() {}}
	n.noPageReferer.Store(opts.Limits.NoPageReferer)
	if n.jar == nil {
		n.jar = cookies.NewJar()
	}
	f, err := opts.Proxy.resolve()
	if err != nil {
		// A proxy that cannot be used must not be bypassed: every request fails with why.
		f = func(*url.URL) (*url.URL, error) { return nil, err }
	}
	n.proxy.Store(&f)
	rules := append([]SiteRule(nil), opts.Sites...)
	n.sites.Store(&rules)
	if n.client == nil {
		n.client = newClient(opts, n.proxyFor, n.jar)
		n.client.CheckRedirect = n.checkRedirect
		n.client.Transport = &keptTransport{base: n.client.Transport, kept: &n.kept}
	}
	return n
}

// Network is the Manager's way to the sites, for requests the app makes
// itself and for its cookies, proxy and site rules.
func (m *Manager) Network() *Network { return m.net }

// Client is the Manager's HTTP client, with its cookies, proxy and
// timeouts, for requests the app makes itself (such as thumbnails). Use
// Fetch to also get the site rules and the request pacing.
func (n *Network) Client() *http.Client { return n.client }

// AddCookies puts cookies into the Manager's jar, each for its own domain,
// for every request from now on; it returns how many were added.
func (n *Network) AddCookies(cs []cookies.Cookie) int {
	return cookies.AddTo(n.jar, cs, time.Now())
}
