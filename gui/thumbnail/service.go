package thumbnail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/gif"  // thumbnails of GIF pictures
	_ "image/jpeg" // thumbnails of JPEG pictures
	_ "image/png"  // thumbnails of PNG pictures
	"io"
	"sync"

	_ "golang.org/x/image/bmp" // thumbnails of BMP pictures
	"golang.org/x/image/draw"
	_ "golang.org/x/image/tiff" // thumbnails of TIFF pictures
	_ "golang.org/x/image/webp" // thumbnails of WebP pictures
	"golang.org/x/sync/semaphore"
)

// Side is the longer side of a thumbnail, in pixels.
const Side = 64

// Limits of a Service: no picture over MaxPixels is decoded; the pictures
// decoded at once hold at most DecodeBudget pixels between them (4 bytes
// each at most, so 128 MB); CacheBytes bounds the thumbnails kept.
const (
	MaxPixels    = 32_000_000
	DecodeBudget = MaxPixels
	CacheBytes   = 16 << 20
)

// ErrTooLarge says a picture has more pixels than a thumbnail is made from.
var ErrTooLarge = errors.New("picture too large for a thumbnail")

// Thumb is a thumbnail and the size of the full picture.
type Thumb struct {
	// Img is the thumbnail, nil when none could be made (the picture was
	// too large, or not one Haul can read); W and H may still be known.
	Img image.Image
	// W and H are the full picture's size in pixels, 0 when unknown.
	W, H int
}

// Service makes thumbnails and keeps the latest.
type Service struct {
	budget *semaphore.Weighted

	mu    sync.Mutex
	cache *lru
}

// New is a service whose cache holds at most cacheBytes of thumbnails.
func New(cacheBytes int64) *Service {
	return &Service{budget: semaphore.NewWeighted(DecodeBudget), cache: newLRU(cacheBytes)}
}

// Cached returns the thumbnail made for key, if it is still kept.
func (s *Service) Cached(key string) (Thumb, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cache.get(key)
}

// Make reads the picture in r, makes its thumbnail and keeps it under
// key. It reads the picture's size first: one over MaxPixels is not
// decoded, and the Thumb says its size with ErrTooLarge. A decode waits
// until the pictures being decoded leave room for its pixels.
func (s *Service) Make(ctx context.Context, key string, r io.Reader) (Thumb, error) {
	var head bytes.Buffer
	cfg, _, err := image.DecodeConfig(io.TeeReader(r, &head))
	if err != nil {
		return Thumb{}, fmt.Errorf("thumbnail of %s: %w", key, err)
	}
	t := Thumb{W: cfg.Width, H: cfg.Height}
	pixels := int64(cfg.Width) * int64(cfg.Height)
	if cfg.Width <= 0 || cfg.Height <= 0 || pixels > MaxPixels {
		s.keep(key, t)
		return t, fmt.Errorf("thumbnail of %s (%d × %d): %w", key, cfg.Width, cfg.Height, ErrTooLarge)
	}
	if err := s.budget.Acquire(ctx, pixels); err != nil {
		return t, fmt.Errorf("thumbnail of %s: %w", key, err)
	}
	src, _, err := image.Decode(io.MultiReader(&head, r))
	if err == nil {
		t.Img = Shrink(src, Side)
	}
	s.budget.Release(pixels)
	if err != nil {
		return t, fmt.Errorf("thumbnail of %s: %w", key, err)
	}
	s.keep(key, t)
	return t, nil
}

// keep caches t under key.
func (s *Service) keep(key string, t Thumb) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cache.put(key, t)
}

// Shrink scales src to fit in a side×side square, keeping its shape; a
// picture already that small is returned as it is.
func Shrink(src image.Image, side int) image.Image {
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
