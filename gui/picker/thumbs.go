package picker

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"haul/gui/thumbnail"
)

// At most thumbFetches thumbnails are fetched at once, each within
// thumbTimeout, and pictures larger than maxThumbSource are not read.
const (
	thumbFetches   = 4
	thumbTimeout   = 20 * time.Second
	maxThumbSource = 32 << 20
)

// thumbLoader fetches thumbnails for the rows on screen and hands them to
// the window's thumbnail service. Its methods run on the UI thread;
// fetches run in the background, a few at a time, and their results come
// back through do. A fetch nobody wants any more is canceled.
type thumbLoader struct {
	ctx    context.Context
	get    fetchFunc
	do     func(func())
	thumbs *thumbnail.Service
	// loaded is called on the UI thread when a thumbnail is ready, or
	// when it could not be made (its Img is then nil).
	loaded func(url string, t thumbnail.Thumb)

	slots   chan struct{}
	loading map[string]*thumbFetch
	// failed are the pictures no thumbnail could be fetched for.
	failed map[string]bool
}

// thumbFetch is one thumbnail on its way, with the rows waiting for it.
type thumbFetch struct {
	cancel context.CancelFunc
	rows   int
}

// fetchFunc makes a request the way downloads do (the engine's Fetch:
// same cookies, proxy, headers and pacing), with page as Referer.
type fetchFunc func(ctx context.Context, link, page string) (*http.Response, error)

// newThumbLoader fetches with get until ctx ends, making the thumbnails with thumbs.
func newThumbLoader(ctx context.Context, do func(func()), get fetchFunc, thumbs *thumbnail.Service, loaded func(string, thumbnail.Thumb)) *thumbLoader {
	return &thumbLoader{
		ctx: ctx, do: do, get: get, thumbs: thumbs, loaded: loaded,
		slots:   make(chan struct{}, thumbFetches),
		loading: map[string]*thumbFetch{},
		failed:  map[string]bool{},
	}
}

// cached returns the thumbnail of url when it is made.
func (l *thumbLoader) cached(url string) (thumbnail.Thumb, bool) {
	return l.thumbs.Cached(url)
}

// want asks for the thumbnail of a picture a row now shows; release must
// follow when the row shows something else.
func (l *thumbLoader) want(url, page string) {
	if _, ok := l.thumbs.Cached(url); ok || l.failed[url] {
		return
	}
	if f, ok := l.loading[url]; ok {
		f.rows++
		return
	}
	ctx, cancel := context.WithCancel(l.ctx)
	f := &thumbFetch{cancel: cancel, rows: 1}
	l.loading[url] = f
	go l.fetch(ctx, f, url, page)
}

// release says a row no longer shows url; the last row to let go of a
// thumbnail still loading cancels its fetch.
func (l *thumbLoader) release(url string) {
	f, ok := l.loading[url]
	if !ok {
		return
	}
	f.rows--
	if f.rows <= 0 {
		f.cancel()
		delete(l.loading, url)
	}
}

// fetch waits for a free slot, loads the thumbnail and hands it over.
func (l *thumbLoader) fetch(ctx context.Context, f *thumbFetch, url, page string) {
	select {
	case l.slots <- struct{}{}:
	case <-ctx.Done():
		return
	}
	if ctx.Err() != nil {
		<-l.slots
		return
	}
	t, err := l.load(ctx, url, page)
	<-l.slots
	if ctx.Err() != nil {
		return
	}
	// A row may have let go of the picture and another asked for it again
	// meanwhile: the thumbnail made is kept all the same, so the picker
	// hears of it, or that second row would never get it.
	l.do(func() {
		if l.loading[url] == f {
			delete(l.loading, url)
			f.cancel()
		}
		if err != nil && t.W == 0 {
			l.failed[url] = true
		}
		l.loaded(url, t)
	})
}

// load fetches a picture and makes its thumbnail; what could be read of
// its size is returned even when no thumbnail could be made.
func (l *thumbLoader) load(ctx context.Context, url, page string) (thumbnail.Thumb, error) {
	ctx, cancel := context.WithTimeout(ctx, thumbTimeout)
	defer cancel()
	resp, err := l.get(ctx, url, page)
	if err != nil {
		return thumbnail.Thumb{}, fmt.Errorf("thumbnail of %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return thumbnail.Thumb{}, fmt.Errorf("thumbnail of %s: %s", url, resp.Status)
	}
	body := io.LimitReader(resp.Body, maxThumbSource)
	t, err := l.thumbs.Make(ctx, url, body)
	// Read to the end, so that the engine keeps the picture for its download.
	if _, cerr := io.Copy(io.Discard, body); cerr != nil && err == nil {
		err = fmt.Errorf("thumbnail of %s: %w", url, cerr)
	}
	return t, err
}
