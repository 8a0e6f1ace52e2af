package downloader

import (
	"context"
	"fmt"
	"net/http"

	"haul/downloader/pages"
	"haul/downloader/render"
)

// RenderImages opens a web page that draws its pictures with JavaScript in
// the browser the user has installed (headless, with a temporary profile),
// scrolls it as opts allow and returns the pictures it showed or loaded.
// The browser is given what the Manager's own requests to the page would
// carry: the user's headers and the site's rules (Referer, User-Agent,
// extra headers), the cookies the jar holds for the page, and the proxy.
// It returns render.ErrNoBrowser when no browser is installed; when ctx
// ends it returns the pictures found so far with an error that wraps ctx's.
func (m *Manager) RenderImages(ctx context.Context, page string, opts render.Options) ([]pages.Image, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, page, nil)
	if err != nil {
		return nil, fmt.Errorf("render %s: %w", page, err)
	}
	m.setHeaders(req, "", false)
	opts.Header = req.Header
	opts.Cookies = m.jar.Cookies(req.URL)
	if proxy, err := m.proxyFor(req); err != nil {
		return nil, fmt.Errorf("render %s: %w", page, err)
	} else if proxy != nil {
		opts.Proxy = proxy.Scheme + "://" + proxy.Host
	}
	return render.Render(ctx, page, opts)
}
