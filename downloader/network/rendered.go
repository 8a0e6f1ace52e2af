package network

import (
	"context"
	"fmt"
	"net/http"

	"haul/downloader/pages"
)

// PageRenderer draws a web page in a browser and returns the pictures it
// showed or loaded. The faces plug one in (package render's Options is
// the one they use); the engine never drives a browser itself. header,
// cookies and proxy are what the Manager's own requests to the page would
// carry ("" for proxy: a direct connection or the system's).
type PageRenderer interface {
	RenderPage(ctx context.Context, page string, header http.Header, cookies []*http.Cookie, proxy string) ([]pages.Image, error)
}

// RenderImages opens a web page that draws its pictures with JavaScript
// through r, and returns the pictures it showed. The browser is given
// what the Manager's own requests to the page would carry: the user's
// headers and the site's rules (Referer, User-Agent, extra headers), the
// cookies the jar holds for the page, and the proxy. Errors are r's (for
// package render: render.ErrNoBrowser when no browser is installed; when
// ctx ends, the pictures found so far with an error that wraps ctx's).
func (n *Network) RenderImages(ctx context.Context, page string, r PageRenderer) ([]pages.Image, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, page, nil)
	if err != nil {
		return nil, fmt.Errorf("render %s: %w", page, err)
	}
	n.SetHeaders(req, "", false)
	proxy, err := n.proxyFor(req)
	if err != nil {
		return nil, fmt.Errorf("render %s: %w", page, err)
	}
	var proxyAddr string
	if proxy != nil {
		proxyAddr = proxy.Scheme + "://" + proxy.Host
	}
	return r.RenderPage(ctx, page, req.Header, n.jar.Cookies(req.URL), proxyAddr)
}
