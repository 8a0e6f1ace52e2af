package network

import (
	"context"
	"net"
	"net/http"
	"net/url"
	"time"

	"haul/downloader/rules"
)

// MaxRedirects is how many redirects a download may follow before it fails.
const MaxRedirects = 10

// NewClient builds the one HTTP client every download shares: bounded
// connect, TLS and header waits (the body has its own idle timeout, so a
// slow but moving large file is never cut), keep-alive with enough idle
// connections per site for the highest concurrency, and no transparent
// gzip, so byte ranges and lengths refer to the file itself. proxy picks
// each request's proxy; the jar sends and keeps cookies.
func NewClient(o Config, proxy func(*http.Request) (*url.URL, error), jar http.CookieJar) *http.Client {
	dialer := &net.Dialer{Timeout: o.ConnectTimeout, KeepAlive: 30 * time.Second}
	dial := dialer.DialContext
	if o.DialContext != nil {
		dial = o.DialContext
	}
	tr := &http.Transport{
		Proxy:                 proxy,
		DialContext:           dial,
		ForceAttemptHTTP2:     true,
		TLSHandshakeTimeout:   o.ConnectTimeout,
		ResponseHeaderTimeout: o.IdleTimeout,
		ExpectContinueTimeout: time.Second,
		IdleConnTimeout:       90 * time.Second,
		MaxIdleConns:          o.MaxIdlePerHost,
		MaxIdleConnsPerHost:   o.MaxIdlePerHost,
		DisableCompression:    true,
		ReadBufferSize:        64 << 10,
		WriteBufferSize:       16 << 10,
	}
	guardAnswers(tr)
	return &http.Client{Transport: tr, CheckRedirect: CheckRedirect, Jar: jar}
}

// CheckRedirect stops redirect loops and redirects away from http(s).
// The Manager's client also keeps the Referer and the user's headers to
// their sites (Manager.checkRedirect).
func CheckRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= MaxRedirects {
		return rules.ErrTooManyRedirects
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return rules.ErrRedirectScheme
	}
	return nil
}

// maxHeaderBytes bounds the headers of an answer; real sites send a few kilobytes.
const maxHeaderBytes = 1 << 20

// guardAnswers sets the transport's checks whose failures rules.Classify
// explains: headers too large, and a proxy refusing the tunnel.
func guardAnswers(tr *http.Transport) {
	tr.MaxResponseHeaderBytes = maxHeaderBytes
	tr.OnProxyConnectResponse = checkTunnel
}

// checkTunnel turns a proxy's answer to a tunnel request other than 200
// into a rules.ProxyRefusedError, which a new try cannot mend.
func checkTunnel(_ context.Context, _ *url.URL, _ *http.Request, resp *http.Response) error {
	if resp.StatusCode != http.StatusOK {
		return &rules.ProxyRefusedError{Status: resp.Status}
	}
	return nil
}
