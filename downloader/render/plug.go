package render

import (
	"context"
	"net/http"

	"haul/downloader/pages"
)

// RenderPage is Render with these options and what the engine's own
// requests to the page would carry (headers, cookies, proxy): Options is
// the renderer the window and haul get plug into the engine
// (downloader.PageRenderer), which never imports this package itself.
func (o Options) RenderPage(ctx context.Context, page string, header http.Header, cookies []*http.Cookie, proxy string) ([]pages.Image, error) {
	o.Header, o.Cookies, o.Proxy = header, cookies, proxy
	return Render(ctx, page, o)
}
