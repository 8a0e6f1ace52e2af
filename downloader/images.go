package downloader

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"

	"haul/downloader/pages"
	"haul/downloader/rules"
	"haul/downloader/sniff"
	"haul/downloader/transfer"
)

// PageFound reports a link that turned out to be a web page, with the
// pictures found on it.
type PageFound struct {
	// Item is the link's item, which ends Skipped with a note.
	Item ID
	// Page is the page's address after redirects.
	Page string
	// Title is the page's title, "" when it has none.
	Title  string
	Images []pages.Image
}

// isPage says an answer is to be read as a web page: an HTML answer to a
// link that was not expected to be a file and does not name a picture.
func (t *try) isPage(resp *http.Response) bool {
	m, j := t.m, t.j
	if m.opts.SavePages || j.fromPage || j.name != "" {
		return false
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	return (mt == "text/html" || mt == "application/xhtml+xml") && !sniff.ExpectImage(t.nameFor(resp), "", false)
}

// signInPage says a web page is a sign-in form the link was sent to, not
// the page the user meant.
func signInPage(j job, resp *http.Response, head []byte) bool {
	page := resp.Request.URL
	return isSignInPath(page) && (page.String() != j.url.String() || passwordField.Match(head))
}

// pageFound is the outcome of a link read as a web page.
func pageFound(it *item, page *transfer.Page) outcome {
	return outcome{page: &PageFound{Item: it.id, Page: page.URL, Title: pageTitle(page.Images), Images: page.Images}}
}

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
		return nil, "", nil, fmt.Errorf("open page %s: %w", u, signInError(resp.StatusCode))
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, "", nil, fmt.Errorf("open page %s: %w", u, rules.HTTPError(resp.StatusCode))
	}
	body, signIn := pageSignIn(req.URL.String(), resp)
	if signIn {
		body.Close()
		return nil, "", nil, fmt.Errorf("open page %s: %w", u, signInError(resp.StatusCode))
	}
	return body, resp.Header.Get("Content-Type"), resp.Request.URL, nil
}

// requestPage asks for the page u, found from the page start, within the
// request rate limit; req is
// nil when no request was made. An error of a request made on a connection
// that had carried an earlier answer is marked transfer.ErrReusedConnection.
func (n *Network) requestPage(ctx context.Context, u, start string) (*http.Request, *http.Response, error) {
	if err := n.rates.waitRequest(ctx); err != nil {
		return nil, nil, err
	}
	watched, explain := transfer.WatchReuse(ctx)
	req, err := http.NewRequestWithContext(watched, http.MethodGet, u, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("open page %s: %w", u, err)
	}
	n.setHeadersFor(req, "", true, start)
	resp, err := n.clientFor(start).Do(req)
	return req, resp, explain(err)
}
