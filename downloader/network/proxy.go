package network

import (
	"fmt"
	"net/url"
	"strings"

	"golang.org/x/net/http/httpproxy"
)

// ProxyMode says how requests reach the sites.
type ProxyMode int

// The proxy choices.
const (
	// ProxySystem follows the system's settings (HTTP_PROXY, HTTPS_PROXY, NO_PROXY).
	ProxySystem ProxyMode = iota
	// ProxyNone connects to every site directly, whatever the environment says.
	ProxyNone
	// ProxyManual sends every request through the proxy at URL.
	ProxyManual
)

// ProxySettings is the user's proxy choice.
type ProxySettings struct {
	Mode ProxyMode
	// URL is the manual proxy: http://, https:// or socks5://host:port.
	URL string
	// User and Password sign in to the manual proxy, when it asks.
	User, Password string
}

// ParseProxy reads a proxy given on the command line: "none", "system" (or
// empty), or the address of an http, https or socks5 proxy, which may
// carry user:password@.
func ParseProxy(s string) (ProxySettings, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "system":
		return ProxySettings{}, nil
	case "none", "off", "direct":
		return ProxySettings{Mode: ProxyNone}, nil
	}
	p := ProxySettings{Mode: ProxyManual, URL: strings.TrimSpace(s)}
	if _, err := p.manualURL(); err != nil {
		return ProxySettings{}, err
	}
	return p, nil
}

// manualURL checks the manual proxy's address and adds the user and password.
func (p ProxySettings) manualURL() (*url.URL, error) {
	raw := p.URL
	if !strings.Contains(raw, "://") {
		raw = "http://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("proxy %q: give an address such as http://proxy.example:8080 or socks5://127.0.0.1:1080", p.URL)
	}
	switch u.Scheme {
	case "http", "https", "socks5", "socks5h":
	default:
		return nil, fmt.Errorf("proxy %q: Haul speaks to http, https and socks5 proxies, not %s", p.URL, u.Scheme)
	}
	if p.User != "" {
		u.User = url.UserPassword(p.User, p.Password)
	}
	return u, nil
}

// proxyFunc is how the transport picks the proxy for one request.
type proxyFunc func(*url.URL) (*url.URL, error)

// resolve turns the settings into a proxyFunc; the system's settings are
// read from the environment now, so a change applies to new requests.
func (p ProxySettings) resolve() (proxyFunc, error) {
	switch p.Mode {
	case ProxyNone:
		return func(*url.URL) (*url.URL, error) { return nil, nil }, nil
	case ProxyManual:
		u, err := p.manualURL()
		if err != nil {
			return nil, err
		}
		return func(*url.URL) (*url.URL, error) { return u, nil }, nil
	}
	return httpproxy.FromEnvironment().ProxyFunc(), nil
}

// SetProxy changes the proxy for every request that starts from now on.
// A manual proxy with an address that cannot be used is an error, and the
// proxy stays as it was.
func (n *Network) SetProxy(p ProxySettings) error {
	f, err := p.resolve()
	if err != nil {
		return err
	}
	n.proxy.Store(&f)
	n.client.CloseIdleConnections()
	return nil
}
