package downloader

import (
	"net/http"
)

// checkRedirect is checkRedirect, and keeps what the first request carried
// to its site: a Referer Haul chose is sent as browsers send it
// (refererFor: the origin alone to another site, nothing from https to
// http), and the user's headers and the first site's own headers are
// dropped on a redirect to another host or down to http. A Referer Haul
// was asked to send is left as it is.
func (m *Manager) checkRedirect(req *http.Request, via []*http.Request) error {
	if err := checkRedirect(req, via); err != nil {
		return err
	}
	first := via[0]
	if ref := req.Header.Get("Referer"); ref != "" && !m.askedReferer(first) {
		if policy := refererFor(ref, req.URL); policy != "" {
			req.Header.Set("Referer", policy)
		} else {
			req.Header.Del("Referer")
		}
	}
	if !headersGoTo(first.URL, req.URL) {
		m.dropScopedHeaders(req, first.URL.Hostname())
	}
	return nil
}

// askedReferer says whether the Referer of req is one Haul was asked to
// send: -referer, or the fixed Referer of its site's rule.
func (m *Manager) askedReferer(req *http.Request) bool {
	ref := req.Header.Get("Referer")
	if ref == "" {
		return false
	}
	rule, _ := m.siteRule(req.URL.Hostname())
	return (m.opts.Referer != "" && ref == plainReferer(m.opts.Referer)) ||
		(rule.Referer == RefererFixed && rule.FixedReferer != "" && ref == plainReferer(rule.FixedReferer))
}

// dropScopedHeaders removes from req the user's headers and the extra
// headers of the rule for host, which are not for req's address. The
// User-Agent and the Referer are the request's own.
func (m *Manager) dropScopedHeaders(req *http.Request, host string) {
	rule, _ := m.siteRule(host)
	for _, h := range []http.Header{m.opts.Header, rule.Header} {
		for k := range h {
			switch k = http.CanonicalHeaderKey(k); k {
			case "User-Agent", "Referer":
			default:
				req.Header.Del(k)
			}
		}
	}
}
