package gui

import (
	"context"
	"fmt"
	"image"
	_ "image/gif"  // thumbnails of GIF pictures
	_ "image/jpeg" // thumbnails of JPEG pictures
	_ "image/png"  // thumbnails of PNG pictures
	"io"
	"net/http"
	"time"

	_ "golang.org/x/image/bmp" // thumbnails of BMP pictures
	"golang.org/x/image/draw"
	_ "golang.org/x/image/tiff" // thumbnails of TIFF pictures
	_ "golang.org/x/image/webp" // thumbnails of WebP pictures
)

// Thumbnails are at most thumbSide pixels on their longer side; at most
// thumbFetches are fetched at once, each within thumbTimeout, and pictures
// larger than maxThumbSource are not read.
const (
	thumbSide      = 64
	thumbFetches   = 4
	thumbTimeout   = 20 * time.Second
	maxThumbSource = 32 << 20
)

// thumb is a loaded thumbnail, or the mark of one that could not be made.
type thumb struct {
	img image.Image
	// w and h are the full picture's size in pixels.
	w, h int
}

// thumbLoader fetches thumbnails for the rows on screen. Its methods run on
// the UI thread; fetches run in the background, a few at a time, and their
// results come back through do. A fetch nobody wants any more is canceled.
type thumbLoader struct {
	ctx context.Context
	get fetchFunc
	do  func(func())
	// loaded is called on the UI thread when a thumbnail is ready.
	loaded func(url string, t *thumb)

	slots   chan struct{}
	cache   map[string]*thumb
	loading map[string]*thumbFetch
}

// thumbFetch is one thumbnail on its way, with the rows waiting for it.
type thumbFetch struct {
	cancel context.CancelFunc
	rows   int
}

// fetchFunc makes a request the way downloads do (the engine's Fetch:
// same cookies, proxy, headers and pacing), with page as Referer.
type fetchFunc func(ctx context.Context, link, page string) (*http.Response, error)

// newThumbLoader fetches with get until ctx ends.
func newThumbLoader(ctx context.Context, do func(func()), get fetchFunc, loaded func(string, *thumb)) *thumbLoader {
	return &thumbLoader{
		ctx: ctx, do: do, get: get, loaded: loaded,
		slots:   make(chan struct{}, thumbFetches),
		cache:   map[string]*thumb{},
		loading: map[string]*thumbFetch{},
	}
}

// cached returns the thumbnail of url when it is loaded.
func (l *thumbLoader) cached(url string) (*thumb, bool) {
	t, ok := l.cache[url]
	return t, ok
}

// want asks for the thumbnail of a picture a row now shows; release must
// follow when the row shows something else.
func (l *thumbLoader) want(url, page string) {
	if _, ok := l.cache[url]; ok {
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
	t, err := loadThumb(ctx, l.get, url, page)
	<-l.slots
	if ctx.Err() != nil {
		return
	}
	if err != nil {
		t = &thumb{}
	}
	l.do(func() {
		if l.loading[url] != f {
			return
		}
		delete(l.loading, url)
		f.cancel()
		l.cache[url] = t
		l.loaded(url, t)
	})
}

// loadThumb fetches a picture and shrinks it to a thumbnail.
func loadThumb(ctx context.Context, get fetchFunc, url, page string) (*thumb, error) {
	ctx, cancel := context.WithTimeout(ctx, thumbTimeout)
	defer cancel()
	resp, err := get(ctx, url, page)
	if err != nil {
		return nil, fmt.Errorf("thumbnail of %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("thumbnail of %s: %s", url, resp.Status)
	}
	body := io.LimitReader(resp.Body, maxThumbSource)
	src, _, err := image.Decode(body)
	if err != nil {
		return nil, fmt.Errorf("thumbnail of %s: %w", url, err)
	}
	// Read to the end, so that the engine keeps the picture for its download.
	if _, err := io.Copy(io.Discard, body); err != nil {
		return nil, fmt.Errorf("thumbnail of %s: %w", url, err)
	}
	b := src.Bounds()
	return &thumb{img: shrink(src, thumbSide), w: b.Dx(), h: b.Dy()}, nil
}

// shrink scales src to fit in a side×side square, keeping its shape.
func shrink(src image.Image, side int) image.Image {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= side && h <= side {
		return src
	}
	if w >= h {
		w, h = side, max(h*side/w, 1)
	} else {
		w, h = max(w*side/h, 1), side
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
	return dst
}
