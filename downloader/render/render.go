package render

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/target"
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
	// PageTimeout is the longest a page is read, from loading it to the
	// last screen; 0 means DefaultPageTimeout. A page still loading then,
	// or whose scripts never yield, gives the pictures found by then with
	// ErrPageTimeout.
	PageTimeout time.Duration
}

// Default limits.
const (
	DefaultScreens     = 50
	DefaultSettle      = 1500 * time.Millisecond
	DefaultPageTimeout = 60 * time.Second
)

// ErrPageTimeout means the page was still loading, or its scripts kept the
// browser busy, when its time was up.
var ErrPageTimeout = errors.New("the page did not finish in time")

// quietScreens is how many screens in a row may bring nothing new before
// scrolling stops: the end of the page, or a page that loads no more.
const quietScreens = 2

// Render loads page in a headless browser, scrolls it as opts allow and
// returns the pictures it showed or loaded. When ctx ends, the browser is
// stopped at once and the pictures found so far are returned with ctx's
// error; when the page's time is up (Options.PageTimeout), with
// ErrPageTimeout. The page has one tab: windows it opens are closed. The
// browser works in a folder of its own (profile and temporary files),
// removed with it whichever way Render returns.
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
	dir, err := newWorkDir()
	if err != nil {
		return nil, fmt.Errorf("render %s: %w: %w", pageURL.Redacted(), ErrBrowserFailed, err)
	}
	defer dir.remove()
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx, allocatorOptions(browser, opts, dir)...)
	defer cancelAlloc()
	s := &session{page: pageURL, opts: opts, loaded: map[string]bool{}}
	tabCtx, cancelTab := chromedp.NewContext(allocCtx, chromedp.WithListener(s.onEvent))
	defer cancelTab()
	s.tab = tabCtx
	if err := s.startWithin(tabCtx, cancelAlloc); err != nil {
		return nil, s.failure(ctx, fmt.Errorf("render %s: %w: %w", pageURL.Redacted(), ErrBrowserFailed, err))
	}
	pageCtx, cancelPage := context.WithTimeout(tabCtx, opts.pageTimeout())
	defer cancelPage()
	if err := s.setup(pageCtx); err != nil {
		return s.loadedImages(), s.pageFailure(ctx, pageCtx, fmt.Errorf("render %s: %w: %w", pageURL.Redacted(), ErrBrowserFailed, err))
	}
	images, err := s.scroll(pageCtx)
	if err != nil {
		return images, s.pageFailure(ctx, pageCtx, fmt.Errorf("render %s: %w", pageURL.Redacted(), err))
	}
	return images, nil
}

// pageTimeout is how long a page may be read.
func (o Options) pageTimeout() time.Duration {
	if o.PageTimeout > 0 {
		return o.PageTimeout
	}
	return DefaultPageTimeout
}

// pageFailure is failure, or ErrPageTimeout when the page's time was up.
func (s *session) pageFailure(ctx, pageCtx context.Context, err error) error {
	if ctx.Err() == nil && errors.Is(pageCtx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("render %s: %w (%v)", s.page.Redacted(), ErrPageTimeout, s.opts.pageTimeout())
	}
	return s.failure(ctx, err)
}

// allocatorOptions are the browser's command-line options: headless, its
// profile and temporary files in dir, nothing running in the background,
// no windows opened by the page.
func allocatorOptions(browser string, opts Options, dir *workDir) []chromedp.ExecAllocatorOption {
	o := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser),
		chromedp.DisableGPU,
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("disable-popup-blocking", false),
		chromedp.WindowSize(1280, 1024),
		chromedp.WSURLReadTimeout(browserStartTimeout),
		chromedp.UserDataDir(dir.profile()),
		chromedp.Env(dir.env()...),
	)
	if os.Geteuid() == 0 {
		o = append(o, chromedp.NoSandbox)
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

// start starts the browser and opens the page's tab, closing every other
// tab the page opens from then on.
func (s *session) start(ctx context.Context) error {
	if err := chromedp.Do(ctx); err != nil {
		return err
	}
	mine := chromedp.FromContext(ctx).Target.TargetID
	return chromedp.ListenBrowser(ctx, func(ev any) {
		if e, ok := ev.(*target.EventTargetCreated); ok && e.TargetInfo != nil &&
			e.TargetInfo.Type == "page" && e.TargetInfo.TargetID != mine {
			go chromedp.CallBrowser(ctx, target.CloseTarget, target.CloseTargetParams{TargetID: e.TargetInfo.TargetID})
		}
	})
}

// startWithin starts the browser as start does, within the page's time
// limit (at least minStartTime): a browser that has not come up by then
// (it never prints its address, or never answers on it) is stopped, and
// the start fails with ErrBrowserSlow. The limit cannot be a deadline on
// ctx, whose end would close the browser once started.
func (s *session) startWithin(ctx context.Context, stop context.CancelFunc) error {
	within := StartLimit(s.opts.PageTimeout)
	limit := time.AfterFunc(within, stop)
	err := s.start(ctx)
	if limit.Stop() {
		return err
	}
	return fmt.Errorf("%w (%v)", ErrBrowserSlow, within)
}

// StartLimit is how long the browser is given to start for a page time
// limit of pageTimeout (0: DefaultPageTimeout): that limit, and never less
// than the least a browser needs on a busy machine.
func StartLimit(pageTimeout time.Duration) time.Duration {
	return max(Options{PageTimeout: pageTimeout}.pageTimeout(), minStartTime)
}

// minStartTime is the least time the browser is given to start, however
// short the page's time limit: a browser's first start on a busy machine
// takes several seconds, and a short limit is meant for the page's scripts.
// Tests shorten it.
var minStartTime = 20 * time.Second

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
