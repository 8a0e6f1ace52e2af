package render

import (
	"context"
	"net/url"
	"strings"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// originPattern is the DevTools URL pattern of every address on u's
// origin (its scheme, host and port), with the pattern's wildcards in the
// host escaped.
func originPattern(u *url.URL) string {
	return escapePattern(originOf(u)) + "/*"
}

// originOf is u's origin as the browser writes it: scheme, host, and the
// port only when it is not the scheme's own.
func originOf(u *url.URL) string {
	scheme, host, port := strings.ToLower(u.Scheme), strings.ToLower(u.Hostname()), u.Port()
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port == "" || (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		return scheme + "://" + host
	}
	return scheme + "://" + host + ":" + port
}

// escapePattern escapes the wildcards and the escape character of a
// DevTools URL pattern.
func escapePattern(s string) string {
	return strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`).Replace(s)
}

// samePageOrigin says whether link is on page's origin.
func samePageOrigin(page *url.URL, link string) bool {
	u, err := url.Parse(link)
	return err == nil && originOf(u) == originOf(page)
}

// withHeaders is the request's headers with the caller's on top, in
// DevTools form.
func withHeaders(request network.Headers, extra network.Headers) []*fetch.HeaderEntry {
	out := make([]*fetch.HeaderEntry, 0, len(request)+len(extra))
	for k, v := range request {
		if _, replaced := headerIn(extra, k); !replaced {
			out = append(out, &fetch.HeaderEntry{Name: k, Value: toString(v)})
		}
	}
	for k, v := range extra {
		out = append(out, &fetch.HeaderEntry{Name: k, Value: toString(v)})
	}
	return out
}

// headerIn finds the header name in h, in any case.
func headerIn(h network.Headers, name string) (any, bool) {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return nil, false
}

func toString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}

// sendHeadersToPage asks the browser to pause the requests to the page's
// own origin, where the caller's headers are added (continueWithHeaders);
// requests the page's scripts make to other hosts, or down to http, go
// out without them.
func (s *session) sendHeadersToPage(ctx context.Context) error {
	patterns := []*fetch.RequestPattern{{URLPattern: originPattern(s.page), RequestStage: fetch.RequestStageRequest}}
	_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: patterns})
	return err
}

// continueWithHeaders lets a paused request go on, with the caller's
// headers when it is on the page's origin.
func (s *session) continueWithHeaders(e *fetch.EventRequestPaused) {
	params := fetch.ContinueRequestParams{RequestID: e.RequestID}
	if e.Request != nil && samePageOrigin(s.page, e.Request.URL) {
		params.Headers = withHeaders(e.Request.Headers, s.extra)
	}
	go func() { _, _ = chromedp.Call(s.tab, fetch.ContinueRequest, params) }() // a tab that closed meanwhile drops it
}
