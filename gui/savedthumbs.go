package gui

import (
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"

	"haul/gui/thumbnail"
)

// At most savedThumbLoads thumbnails of saved pictures are read at once.
const savedThumbLoads = 2

// pictureExtensions are the saved files that get a thumbnail.
var pictureExtensions = []string{".jpg", ".jpeg", ".png", ".gif", ".webp", ".bmp", ".tif", ".tiff"}

// savedThumbs makes thumbnails of saved pictures from the files on disk,
// for the rows on screen only, so nothing is downloaded twice; the
// window's thumbnail service makes and keeps them. Its methods run on the
// UI thread; files are read in the background.
type savedThumbs struct {
	ctx     context.Context
	do      func(func())
	thumbs  *thumbnail.Service
	slots   chan struct{}
	waiting map[string][]func(image.Image)
	// failed are the files that could not be read as pictures.
	failed map[string]bool
}

func newSavedThumbs(ctx context.Context, do func(func()), thumbs *thumbnail.Service) *savedThumbs {
	return &savedThumbs{ctx: ctx, do: do, thumbs: thumbs, slots: make(chan struct{}, savedThumbLoads),
		waiting: map[string][]func(image.Image){}, failed: map[string]bool{}}
}

// get returns the thumbnail of the picture at path when it is ready;
// otherwise it starts reading it and calls ready once it is (not at all
// when the file cannot be read as a picture).
func (t *savedThumbs) get(path string, ready func(image.Image)) (image.Image, bool) {
	if th, ok := t.thumbs.Cached(path); ok {
		return th.Img, th.Img != nil
	}
	if t.failed[path] {
		return nil, false
	}
	if _, ok := t.waiting[path]; ok {
		t.waiting[path] = append(t.waiting[path], ready)
		return nil, false
	}
	t.waiting[path] = []func(image.Image){ready}
	go func() {
		select {
		case t.slots <- struct{}{}:
		case <-t.ctx.Done():
			return // the window closed: no row waits any more
		}
		img, err := t.read(path)
		<-t.slots
		if t.ctx.Err() != nil {
			return
		}
		if err != nil {
			fyne.LogError("thumbnail of a saved picture", err)
		}
		t.do(func() { t.loaded(path, img) })
	}()
	return nil, false
}

// loaded hands a thumbnail to the rows waiting for it.
func (t *savedThumbs) loaded(path string, img image.Image) {
	if img == nil {
		t.failed[path] = true
	}
	for _, ready := range t.waiting[path] {
		if img != nil {
			ready(img)
		}
	}
	delete(t.waiting, path)
}

// read makes the thumbnail of a saved picture.
func (t *savedThumbs) read(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("thumbnail of %s: %w", path, err)
	}
	defer f.Close()
	th, err := t.thumbs.Make(t.ctx, path, f)
	return th.Img, err
}

// isPicture says whether a saved file gets a thumbnail.
func isPicture(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	for _, e := range pictureExtensions {
		if ext == e {
			return true
		}
	}
	return false
}
