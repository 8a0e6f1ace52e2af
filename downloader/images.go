package downloader

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path/filepath"

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
func (m *Manager) isPage(it *item, j job, resp *http.Response) bool {
	if m.opts.SavePages || j.fromPage || j.name != "" {
		return false
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	return (mt == "text/html" || mt == "application/xhtml+xml") && !sniff.ExpectImage(m.nameFor(it, resp), "", false)
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

// pageDoneLocked ends a page item and, unless the app wants to choose,
// queues every picture found on it with the page as Referer.
func (m *Manager) pageDoneLocked(it *item, found *PageFound) {
	it.note = &Note{Kind: NotePage, Count: len(found.Images)}
	m.setStateLocked(it, Skipped)
	if m.opts.OnPage == nil {
		urls := make([]string, len(found.Images))
		for i, img := range found.Images {
			urls[i] = img.URL
		}
		m.addPagePicturesLocked(Page{URL: found.Page, Title: found.Title}, urls)
	}
}

// AddFromPage queues pictures found on a web page: they are requested with
// the page as Referer (unless NoPageReferer) and must really be pictures.
func (m *Manager) AddFromPage(page string, links ...string) ([]ID, []Rejected) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.addLocked(links, page)
}

// FindImages fetches a web page and, following rel=next up to maxPages
// pages, returns the pictures on it, politely: one page at a time, within
// the request rate limit, with the user's headers to page's host alone.
func (m *Manager) FindImages(ctx context.Context, page string, maxPages int) ([]pages.Image, []pages.Problem, error) {
	return pages.Crawl(ctx, page, maxPages, func(ctx context.Context, u string) (io.ReadCloser, string, *url.URL, error) {
		return m.fetchPage(ctx, u, page)
	})
}

// fetchPage reads the page u, found from the page start.
func (m *Manager) fetchPage(ctx context.Context, u, start string) (io.ReadCloser, string, *url.URL, error) {
	req, resp, err := m.requestPage(ctx, u, start)
	if transfer.StrayAnswer(err) {
		req, resp, err = m.requestPage(ctx, u, start) // on a new connection
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
func (m *Manager) requestPage(ctx context.Context, u, start string) (*http.Request, *http.Response, error) {
	if err := m.rates.waitRequest(ctx); err != nil {
		return nil, nil, err
	}
	watched, explain := transfer.WatchReuse(ctx)
	req, err := http.NewRequestWithContext(watched, http.MethodGet, u, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("open page %s: %w", u, err)
	}
	m.setHeadersFor(req, "", true, start)
	resp, err := m.client.Do(req)
	return req, resp, explain(err)
}

// sameAs records the picture's hash and returns the item already holding
// an identical picture (saved, or being saved right now), or nil. Whether a
// saved one's file is still there is looked at outside the lock.
func (m *Manager) sameAs(it *item, sum string, keepDuplicates bool) *item {
	for {
		owner, path := m.pictureOwner(it, sum, keepDuplicates)
		if path == "" {
			return owner
		}
		there := fileExists(path)
		m.mu.Lock()
		if m.hashes[sum] == owner && owner.path == path && owner.state == Done { // else it moved meanwhile: look again
			if !there {
				m.hashes[sum] = it
				owner = nil
			}
			m.mu.Unlock()
			return owner
		}
		m.mu.Unlock()
	}
}

// pictureOwner records the picture's hash and returns the item holding an
// identical picture, or nil, having taken the picture for it. A saved
// owner comes with the path of its file, to be looked at; nothing else does.
func (m *Manager) pictureOwner(it *item, sum string, keepDuplicates bool) (owner *item, path string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	it.hash = sum
	if keepDuplicates {
		return nil, ""
	}
	owner = m.hashes[sum]
	live := owner != nil && owner != it && m.store.byID[owner.id] == owner && owner.state != Failed && owner.state != Canceled
	switch {
	case live && owner.state != Done:
		return owner, ""
	case live && owner.path != "":
		return owner, owner.path
	}
	m.hashes[sum] = it
	return nil, ""
}

// disownPicture forgets the item's picture hash when its file was not
// saved after all, so that no identical picture is skipped for it.
func (m *Manager) disownPicture(it *item) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if it.hash != "" && m.hashes[it.hash] == it {
		delete(m.hashes, it.hash)
	}
	it.hash = ""
}

// markSameAs notes that the item's picture is the same as owner's.
func (m *Manager) markSameAs(it, owner *item) {
	m.mu.Lock()
	defer m.mu.Unlock()
	it.note = &Note{Kind: NoteSamePicture, Name: owner.name}
	it.path = filepath.Join(owner.dir, owner.name)
	it.ownsPart = false
	m.names.release(it.dir, it.name, it.id)
}
