package downloader

import (
	"net/http"
	"net/url"
	"time"

	"haul/downloader/cookies"
)

// initNetwork sets up the cookie jar, the proxy, the site rules and the
// one client that every request of the Manager goes through.
func (m *Manager) initNetwork(opts Options) {
	m.jar = opts.Jar
	if m.jar == nil {
		m.jar = cookies.NewJar()
	}
	f, err := opts.Proxy.resolve()
	if err != nil {
		// A proxy that cannot be used must not be bypassed: every request fails with why.
		f = func(*url.URL) (*url.URL, error) { return nil, err }
	}
	m.proxy.Store(&f)
	rules := append([]SiteRule(nil), opts.Sites...)
	m.sites.Store(&rules)
	if m.client == nil {
		m.client = newClient(opts, m.proxyFor, m.jar)
		m.client.CheckRedirect = m.checkRedirect
		m.client.Transport = &keptTransport{base: m.client.Transport, kept: &m.kept}
	}
}

// Client is the Manager's HTTP client, with its cookies, proxy and
// timeouts, for requests the app makes itself (such as thumbnails). Use
// Fetch to also get the site rules and the request pacing.
func (m *Manager) Client() *http.Client { return m.client }

// AddCookies puts cookies into the Manager's jar, each for its own domain,
// for every request from now on; it returns how many were added.
func (m *Manager) AddCookies(cs []cookies.Cookie) int {
	return cookies.AddTo(m.jar, cs, time.Now())
}
