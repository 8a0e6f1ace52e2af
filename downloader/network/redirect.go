package network

import (
	"net/http"
)

// checkRedirect is checkRedirect, and keeps what the first request carried
// to its site: a Referer Haul chose is sent as browsers send it
// (refererFor: the origin alone to another site, nothing from https to
// http), and the user's headers and the first site's own headers are
// dropped on a redirect to another host or down to http. A Referer Haul
// was asked to send is left as it is.
func (n *Network) checkRedirect(req *http.Request, via []*http.Request) error {
	if err := CheckRedirect(req, via); err != nil {
		return err
	}
	first := via[0]
	if ref := req.Header.Get("Referer"); ref != "" && !n.askedReferer(first) {
		if policy := refererFor(ref, req.URL); policy != "" {
			req.Header.Set("Referer", policy)
		} else {
			req.Header.Del("Referer")
		}
	}
	if !headersGoTo(first.URL, req.URL) {
		n.dropScopedHeaders(req, first.URL.Hostname())
	}
	return nil
}

// askedReferer says whether the Referer of req is one Haul was asked to
// send: -referer, or the fixed Referer of its site's rule.
func (n *Network) askedReferer(req *http.Request) bool {
	ref := req.Header.Get("Referer")
	if ref == "" {
		return false
	}
	rule, _ := n.SiteRule(req.URL.Hostname())
	return (n.referer != "" && ref == plainReferer(n.referer)) ||
		(rule.Referer == RefererFixed && rule.FixedReferer != "" && ref == plainReferer(rule.FixedReferer))
}

// dropScopedHeaders removes from req the user's headers and the extra
// headers of the rule for host, which are not for req's address. The
// User-Agent and the Referer are the request's own.
func (n *Network) dropScopedHeaders(req *http.Request, host string) {
	rule, _ := n.SiteRule(host)
	for _, h := range []http.Header{n.header, rule.Header} {
		for k := range h {
			switch k = http.CanonicalHeaderKey(k); k {
			case "User-Agent", "Referer":
			default:
				req.Header.Del(k)
			}
		}
	}
}
