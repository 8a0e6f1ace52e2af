package gui

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
)

// Thumbnails of saved pictures: at most savedThumbLoads are read at once
// and the last savedThumbKeep are kept; rows are savedThumbSide pixels.
const (
	savedThumbLoads = 2
	savedThumbKeep  = 512
	savedThumbSide  = 64
)

// pictureExtensions are the saved files that get a thumbnail.
var pictureExtensions = []string{".jpg", ".jpeg", ".png", ".gif", ".webp", ".bmp", ".tif", ".tiff"}

// savedThumbs makes thumbnails of saved pictures from the files on disk,
// for the rows on screen only, so nothing is downloaded twice. Its
// methods run on the UI thread; files are read in the background.
type savedThumbs struct {
	do      func(func())
	slots   chan struct{}
	cache   map[string]image.Image
	order   []string
	waiting map[string][]func(image.Image)
}

func newSavedThumbs(do func(func())) *savedThumbs {
	return &savedThumbs{do: do, slots: make(chan struct{}, savedThumbLoads),
		cache: map[string]image.Image{}, waiting: map[string][]func(image.Image){}}
}

// get returns the thumbnail of the picture at path when it is ready;
// otherwise it starts reading it and calls ready once it is (not at all
// when the file cannot be read as a picture).
func (t *savedThumbs) get(path string, ready func(image.Image)) (image.Image, bool) {
	if img, ok := t.cache[path]; ok {
		return img, img != nil
	}
	if _, ok := t.waiting[path]; ok {
		t.waiting[path] = append(t.waiting[path], ready)
		return nil, false
	}
	t.waiting[path] = []func(image.Image){ready}
	go func() {
		t.slots <- struct{}{}
		img, err := readThumb(path)
		<-t.slots
		if err != nil {
			fyne.LogError("thumbnail of a saved picture", err)
		}
		t.do(func() { t.loaded(path, img) })
	}()
	return nil, false
}

// loaded keeps a thumbnail and hands it to the rows waiting for it.
func (t *savedThumbs) loaded(path string, img image.Image) {
	if len(t.order) >= savedThumbKeep {
		delete(t.cache, t.order[0])
		t.order = t.order[1:]
	}
	t.cache[path] = img
	t.order = append(t.order, path)
	for _, ready := range t.waiting[path] {
		if img != nil {
			ready(img)
		}
	}
	delete(t.waiting, path)
}

// readThumb reads a saved picture and shrinks it.
func readThumb(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("thumbnail of %s: %w", path, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > maxThumbSource {
		return nil, nil
	}
	src, _, err := image.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("thumbnail of %s: %w", path, err)
	}
	return shrink(src, savedThumbSide), nil
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
