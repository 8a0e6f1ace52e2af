package picker

import (
	"context"
	"fmt"
	"image"
	"io"
	"net/http"
)

// sizeState says what is known of a picture's size in pixels.
type sizeState int

// What is known of a picture's size.
const (
	// sizeNotRead: the page did not give it and it has not been read yet.
	sizeNotRead sizeState = iota
	// sizeReading: its first bytes are on their way.
	sizeReading
	// sizeKnown: from the page or from the picture itself.
	sizeKnown
	// sizeUnreadable: the picture could not be read (an SVG, an error).
	sizeUnreadable
)

// At most sizeReads sizes are read at once, from at most sizeHead bytes
// of each picture: enough for the header of every format Haul reads.
const (
	sizeReads = 4
	sizeHead  = 64 << 10
)

// sizeReader reads the pixel size of pictures from their first bytes, for
// the size filter. Its methods run on the UI thread; reads run in the
// background, a few at a time, and their results come back through do.
type sizeReader struct {
	ctx   context.Context
	get   fetchFunc
	do    func(func())
	slots chan struct{}
	// read is called on the UI thread with the size read, or 0 × 0 when
	// it could not be.
	read func(url string, w, h int)
}

func newSizeReader(ctx context.Context, do func(func()), get fetchFunc, read func(url string, w, h int)) *sizeReader {
	return &sizeReader{ctx: ctx, get: get, do: do, read: read, slots: make(chan struct{}, sizeReads)}
}

// want reads the size of the picture at url, found on page.
func (r *sizeReader) want(url, page string) {
	go func() {
		select {
		case r.slots <- struct{}{}:
		case <-r.ctx.Done():
			return
		}
		w, h, _ := r.head(url, page)
		<-r.slots
		if r.ctx.Err() == nil {
			r.do(func() { r.read(url, w, h) })
		}
	}()
}

// head fetches the start of a picture and reads its size from it; the
// rest of the picture is not downloaded.
func (r *sizeReader) head(url, page string) (w, h int, err error) {
	ctx, cancel := context.WithTimeout(r.ctx, thumbTimeout)
	defer cancel()
	resp, err := r.get(ctx, url, page)
	if err != nil {
		return 0, 0, fmt.Errorf("size of %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusPartialContent {
		return 0, 0, fmt.Errorf("size of %s: %s", url, resp.Status)
	}
	cfg, _, err := image.DecodeConfig(io.LimitReader(resp.Body, sizeHead))
	if err != nil {
		return 0, 0, fmt.Errorf("size of %s: %w", url, err)
	}
	return cfg.Width, cfg.Height, nil
}

// readSizes starts reading the size of every picture whose size the
// filter needs and nobody has read yet.
func (p *picker) readSizes() {
	if !p.filter.sized() {
		return
	}
	for _, pk := range p.picks {
		if pk.size == sizeNotRead {
			pk.size = sizeReading
			p.sizes.want(pk.img.URL, pk.img.Page)
		}
	}
}

// sizeRead takes a size read (0 × 0: it could not be) and filters again.
func (p *picker) sizeRead(url string, w, h int) {
	if p.done {
		return
	}
	for _, pk := range p.picks {
		if pk.img.URL != url || pk.size == sizeKnown {
			continue
		}
		if w > 0 && h > 0 {
			pk.w, pk.h, pk.size = w, h, sizeKnown
		} else {
			pk.size = sizeUnreadable
		}
	}
	p.refilter()
}
