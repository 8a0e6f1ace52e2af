package render

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"haul/downloader/pages"
)

// Options say how far Render scrolls and how it presents itself.
type Options struct {
	// MaxScreens is how many screens to scroll at most; 0 means DefaultScreens.
	MaxScreens int
	// MaxPictures stops scrolling once this many pictures are found; 0 means no limit.
	MaxPictures int
	// Header holds headers sent with the requests to the page's own origin
	// (Referer, extra headers), never to other hosts the page's scripts
	// reach; User-Agent sets the browser's user agent.
	Header http.Header
	// Cookies are set into the temporary profile for the page's address.
	Cookies []*http.Cookie
	// Proxy is the proxy server the browser uses ("" for a direct connection
	// or the system's).
	Proxy string
	// Browser is the browser program; "" means FindBrowser's.
	Browser string
	// Progress, when set, is called after each screen with the number of
	// pictures found so far and the screens scrolled.
	Progress func(pictures, screens int)
	// Settle is how long a screen may stay unchanged before it counts as
	// fully loaded; 0 means DefaultSettle.
	Settle time.Duration
}

// Default limits.
const (
	DefaultScreens = 50
	DefaultSettle  = 1500 * time.Millisecond
)

// quietScreens is how many screens in a row may bring nothing new before
// scrolling stops: the end of the page, or a page that loads no more.
const quietScreens = 2

// Render loads page in a headless browser, scrolls it as opts allow and
// returns the pictures it showed or loaded. When ctx ends, the browser is
// stopped at once and the pictures found so far are returned with ctx's
// error.
func Render(ctx context.Context, page string, opts Options) ([]pages.Image, error) {
	pageURL, err := url.Parse(page)
	if err != nil || !pageURL.IsAbs() {
		return nil, fmt.Errorf("render %q: not a full web address", page)
	}
	browser := opts.Browser
	if browser == "" {
		var ok bool
		if browser, ok = FindBrowser(); !ok {
			return nil, ErrNoBrowser
		}
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx, allocatorOptions(browser, opts)...)
	defer cancelAlloc()
	s := &session{page: pageURL, opts: opts, loaded: map[string]bool{}}
	tabCtx, cancelTab := chromedp.NewContext(allocCtx, chromedp.WithListener(s.onEvent))
	defer cancelTab()
	s.tab = tabCtx

	if err := s.setup(tabCtx); err != nil {
		return nil, s.failure(ctx, fmt.Errorf("render %s: %w: %w", pageURL.Redacted(), ErrBrowserFailed, err))
	}
	images, err := s.scroll(tabCtx)
	if err != nil {
		return images, s.failure(ctx, fmt.Errorf("render %s: %w", pageURL.Redacted(), err))
	}
	return images, nil
}

// allocatorOptions are the browser's command-line options: headless, a new
// temporary profile, nothing running in the background.
func allocatorOptions(browser string, opts Options) []chromedp.ExecAllocatorOption {
	o := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser),
		chromedp.DisableGPU,
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("mute-audio", true),
		chromedp.WindowSize(1280, 1024),
		chromedp.WSURLReadTimeout(browserStartTimeout),
	)
	if os.Geteuid() == 0 {
		o = append(o, chromedp.NoSandbox)
	}
	if dir := os.TempDir(); runtime.GOOS != "windows" && len(dir) > maxTempDirLen {
		o = append(o, chromedp.Env("TMPDIR=/tmp"))
	}
	if opts.Proxy != "" {
		o = append(o, chromedp.ProxyServer(opts.Proxy))
	}
	if ua := opts.Header.Get("User-Agent"); ua != "" {
		o = append(o, chromedp.UserAgent(ua))
	}
	return o
}

// browserStartTimeout is how long the browser may take to start: a busy
// or slow machine can need far longer than the library's 20 seconds.
const browserStartTimeout = 90 * time.Second

// maxTempDirLen is the longest temporary folder the browser is left to
// use: it makes a socket there, and socket paths are limited to about 100
// bytes, so a longer one (a test's, or a deep TMPDIR) is replaced by /tmp.
const maxTempDirLen = 40

// failure is the error Render returns: one that wraps ctx's own when ctx
// ended, so callers can tell a cancel from a browser that failed.
func (s *session) failure(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("render %s stopped: %w", s.page.Redacted(), ctx.Err())
	}
	return err
}

// session is one page being rendered.
type session struct {
	page  *url.URL
	opts  Options
	tab   context.Context // the tab's context, to answer its paused requests
	extra network.Headers // the caller's headers, for the page's own origin

	mu     sync.Mutex
	loaded map[string]bool // image responses the browser received
	order  []string        // loaded, in the order received
}

// onEvent records every picture the browser receives.
func (s *session) onEvent(ev any) {
	if paused, ok := ev.(*fetch.EventRequestPaused); ok {
		s.continueWithHeaders(paused)
		return
	}
	e, ok := ev.(*network.EventResponseReceived)
	if !ok || e.Response == nil {
		return
	}
	if e.Type != network.ResourceTypeImage && !strings.HasPrefix(e.Response.MimeType, "image/") {
		return
	}
	if n, err := strconv.Atoi(fmt.Sprint(e.Response.Headers["Content-Length"])); err == nil && n < trackingPixelBytes {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.loaded[e.Response.URL] {
		s.loaded[e.Response.URL] = true
		s.order = append(s.order, e.Response.URL)
	}
}

// trackingPixelBytes is the size under which a loaded image is taken for
// a tracking pixel or spacer (a 1×1 GIF is 43 bytes).
const trackingPixelBytes = 200

// setup prepares the tab (the browser turns network events on for it),
// sets the caller's headers and cookies, then loads the page.
func (s *session) setup(ctx context.Context) error {
	if s.extra = extraHeaders(s.opts.Header); len(s.extra) > 0 {
		if err := s.sendHeadersToPage(ctx); err != nil {
			return fmt.Errorf("set headers: %w", err)
		}
	}
	if len(s.opts.Cookies) > 0 {
		params := network.SetCookiesParams{Cookies: cookieParams(s.page, s.opts.Cookies)}
		if _, err := chromedp.Call(ctx, network.SetCookies, params); err != nil {
			return fmt.Errorf("set cookies: %w", err)
		}
	}
	return chromedp.Do(ctx, chromedp.Navigate(s.page.String()))
}

// extraHeaders turns the caller's headers into DevTools form, leaving the
// user agent to the browser's own option.
func extraHeaders(h http.Header) network.Headers {
	out := network.Headers{}
	for k, vs := range h {
		if len(vs) == 0 || strings.EqualFold(k, "User-Agent") {
			continue
		}
		out[k] = strings.Join(vs, ", ")
	}
	return out
}

// cookieParams turns cookies into DevTools form. Cookies with no domain of
// their own are set for the page's address.
func cookieParams(page *url.URL, cookies []*http.Cookie) []*network.CookieParam {
	params := make([]*network.CookieParam, 0, len(cookies))
	for _, c := range cookies {
		p := &network.CookieParam{Name: c.Name, Value: c.Value, Path: c.Path, Secure: c.Secure, HTTPOnly: c.HttpOnly}
		if c.Domain != "" {
			p.Domain = c.Domain
		} else {
			p.URL = page.String()
		}
		params = append(params, p)
	}
	return params
}
