package downloader

import (
	"context"
	"net/http"

	"haul/downloader/pages"
	"haul/downloader/render"
)

// RenderImages opens a web page that draws its pictures with JavaScript in
// the browser the user has installed (headless, with a temporary profile),
// scrolls it as opts allow and returns the pictures it showed or loaded.
// The page is requested with the user's headers and user agent unless
// opts gives its own. It returns render.ErrNoBrowser when no browser is
// installed; when ctx ends it returns the pictures found so far with an
// error that wraps ctx's.
func (m *Manager) RenderImages(ctx context.Context, page string, opts render.Options) ([]pages.Image, error) {
	if opts.Header == nil {
		opts.Header = http.Header{}
		for k, v := range m.opts.Header {
			opts.Header[k] = v
		}
		opts.Header.Set("User-Agent", m.opts.UserAgent)
	}
	return render.Render(ctx, page, opts)
}
