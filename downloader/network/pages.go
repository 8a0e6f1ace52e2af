package network

import (
	"context"
	"fmt"
	"haul/downloader/pages"
	"haul/downloader/rules"
	"haul/downloader/transfer"
	"io"
	"net/http"
	"net/url"
)

// FindImages fetches a web page and, following rel=next up to maxPages
// pages, returns the pictures on it, politely: one page at a time, within
// the request rate limit, with the user's headers to page's host alone.
func (n *Network) FindImages(ctx context.Context, page string, maxPages int) ([]pages.Image, []pages.Problem, error) {
	return pages.Crawl(ctx, page, maxPages, func(ctx context.Context, u string) (io.ReadCloser, string, *url.URL, error) {
		return n.fetchPage(ctx, u, page)
	})
}

// fetchPage reads the page u, found from the page start.
func (n *Network) fetchPage(ctx context.Context, u, start string) (io.ReadCloser, string, *url.URL, error) {
	req, resp, err := n.requestPage(ctx, u, start)
	if transfer.StrayAnswer(err) {
		req, resp, err = n.requestPage(ctx, u, start) // on a new connection
	}
	if req == nil {
		return nil, "", nil, err
	}
	if err != nil {
		return nil, "", nil, fmt.Errorf("open page %s: %w", u, rules.Classify(rules.Failure{Ending: transfer.ReadFailed, Err: err, Host: req.URL.Hostname()}).Err)
	}
	if resp.StatusCode == http.StatusUnauthorized {
		resp.Body.Close()
		return nil, "", nil, fmt.Errorf("open page %s: %w", u, SignInError(resp.StatusCode))
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, "", nil, fmt.Errorf("open page %s: %w", u, rules.HTTPError(resp.StatusCode))
	}
	body, signIn := pageSignIn(req.URL.String(), resp)
	if signIn {
		body.Close()
		return nil, "", nil, fmt.Errorf("open page %s: %w", u, SignInError(resp.StatusCode))
	}
	return body, resp.Header.Get("Content-Type"), resp.Request.URL, nil
}

// requestPage asks for the page u, found from the page start, within the
// request rate limit; req is
// nil when no request was made. An error of a request made on a connection
// that had carried an earlier answer is marked transfer.ErrReusedConnection.
func (n *Network) requestPage(ctx context.Context, u, start string) (*http.Request, *http.Response, error) {
	if err := n.rates.WaitRequest(ctx); err != nil {
		return nil, nil, err
	}
	watched, explain := transfer.WatchReuse(ctx)
	req, err := http.NewRequestWithContext(watched, http.MethodGet, u, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("open page %s: %w", u, err)
	}
	n.setHeadersFor(req, "", true, start)
	resp, err := n.ClientFor(start).Do(req)
	return req, resp, explain(err)
}
