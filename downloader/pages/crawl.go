package pages

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/url"
)

// Fetch fetches one page. The caller supplies it, applying its own per-host
// limits, timeouts and headers; finalURL is the address after redirects
// (nil means u), and the caller of Fetch closes body.
type Fetch func(ctx context.Context, u string) (body io.ReadCloser, contentType string, finalURL *url.URL, err error)

// ProblemKind says what went wrong with one page, as a stable code; the
// words come from the catalogues of package haul/i18n.
type ProblemKind string

// The kinds of Problem, and the fields each uses.
const (
	// ProblemBadAddress is an address that is not a full web address.
	ProblemBadAddress ProblemKind = "bad-address"
	// ProblemUnreadable is a page that could not be fetched or read (Err).
	ProblemUnreadable ProblemKind = "unreadable"
	// ProblemNotPage is an answer that is not a web page (ContentType).
	ProblemNotPage ProblemKind = "not-page"
	// ProblemLoop is a "next page" link back to a page already read (Next).
	ProblemLoop ProblemKind = "loop"
	// ProblemCut is a page longer than MaxPageBytes: only its first
	// MaxPageBytes were read for pictures, the pictures after them are
	// not among those found.
	ProblemCut ProblemKind = "cut"
)

// Problem is something that went wrong with one page of a crawl: a kind
// and its parameters, never a sentence. It is also the error Crawl
// returns for a start page that could not be read.
type Problem struct {
	Page        string // the page's address
	Kind        ProblemKind
	Next        string // the page a loop leads back to
	ContentType string // what the site said a page that is not a web page is
	Err         error  // why an unreadable page could not be read
}

// Error describes the problem for logs.
func (p *Problem) Error() string {
	switch p.Kind {
	case ProblemLoop:
		return fmt.Sprintf("%s: next page link leads back to %s", p.Page, p.Next)
	case ProblemNotPage:
		return fmt.Sprintf("%s: not a web page (the site says it is %s)", p.Page, p.ContentType)
	case ProblemUnreadable:
		return fmt.Sprintf("%s: could not open the page: %v", p.Page, p.Err)
	case ProblemCut:
		return fmt.Sprintf("%s: longer than %d bytes, read only that far", p.Page, MaxPageBytes)
	}
	return fmt.Sprintf("%q is not a full web address", p.Page)
}

// Unwrap exposes the cause of an unreadable page.
func (p *Problem) Unwrap() error { return p.Err }

// MaxPageBytes is the most of one web page that is read to find its
// pictures; real pages are far smaller, and the limit keeps a runaway
// response from filling memory.
const MaxPageBytes = 32 << 20

// Crawl fetches start and follows rel=next links up to maxPages pages in
// all (1, or anything less, means only start), using get to fetch each
// page. It stops at a link back to a page already read, at a response that
// is not a web page, at a page that cannot be fetched, and when ctx ends.
// It returns the images of all pages deduplicated across pages (each with
// the page it was first found on) and the problems with pages after the
// first. The error reports a start page that could not be read, or ctx
// ending, in which case the images found so far are still returned.
func Crawl(ctx context.Context, start string, maxPages int, get Fetch) ([]Image, []Problem, error) {
	c := crawler{get: get, visited: map[string]bool{}, seen: map[string]bool{}}
	page := start
	for n := 0; page != "" && (n == 0 || n < maxPages); n++ {
		if err := ctx.Err(); err != nil {
			return c.images, c.problems, fmt.Errorf("find images from %s: %w", start, err)
		}
		next, err := c.page(ctx, page)
		if err != nil {
			if n == 0 || ctx.Err() != nil {
				return c.images, c.problems, fmt.Errorf("find images on %s: %w", page, err)
			}
			c.problems = append(c.problems, *err)
			break
		}
		if next != "" && c.visited[next] {
			c.problems = append(c.problems, Problem{Page: page, Kind: ProblemLoop, Next: next})
			break
		}
		page = next
	}
	return c.images, c.problems, nil
}

// crawler holds what a crawl has gathered so far.
type crawler struct {
	get      Fetch
	visited  map[string]bool // pages read, by address before and after redirects
	seen     map[string]bool // image addresses already listed
	images   []Image
	problems []Problem
}

// page fetches and reads one page, adds its new images and returns the
// address of its next page.
func (c *crawler) page(ctx context.Context, addr string) (string, *Problem) {
	u, err := url.Parse(addr)
	if err != nil || !u.IsAbs() {
		return "", &Problem{Page: addr, Kind: ProblemBadAddress}
	}
	c.visited[withoutFragment(u).String()] = true
	body, contentType, final, err := c.get(ctx, addr)
	if err != nil {
		return "", &Problem{Page: addr, Kind: ProblemUnreadable, Err: err}
	}
	defer body.Close()
	if final == nil {
		final = u
	}
	c.visited[withoutFragment(final).String()] = true
	if !isWebPage(contentType) {
		return "", &Problem{Page: addr, Kind: ProblemNotPage, ContentType: contentType}
	}
	limited := &io.LimitedReader{R: body, N: MaxPageBytes}
	images, next, err := Find(limited, final)
	if err != nil {
		return "", &Problem{Page: addr, Kind: ProblemUnreadable, Err: err}
	}
	if limited.N == 0 && longer(body) {
		c.problems = append(c.problems, Problem{Page: addr, Kind: ProblemCut})
	}
	for _, img := range images {
		if !c.seen[img.URL] {
			c.seen[img.URL] = true
			c.images = append(c.images, img)
		}
	}
	return next, nil
}

// longer says body has another byte to read.
func longer(body io.Reader) bool {
	var one [1]byte
	_, err := io.ReadFull(body, one[:])
	return err == nil
}

// isWebPage reports whether a Content-Type names an HTML document; an
// empty one is given the benefit of the doubt.
func isWebPage(contentType string) bool {
	if contentType == "" {
		return true
	}
	mediaType, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mediaType == "text/html" || mediaType == "application/xhtml+xml")
}
