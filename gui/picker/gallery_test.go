package picker

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/gui/guitest"

	"fyne.io/fyne/v2"
	"golang.org/x/image/bmp"
)

// gallery is a two-page web gallery served by the harness's server.
type gallery struct {
	page1, page2 string
	// files are the pictures by file name.
	files map[string][]byte
}

// picture encodes a w×h picture in the format named by the extension.
func picture(t testing.TB, name string, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i*7 + len(name))
	}
	var b bytes.Buffer
	var err error
	switch filepath.Ext(name) {
	case ".jpg":
		err = jpeg.Encode(&b, img, nil)
	case ".png":
		err = png.Encode(&b, img)
	case ".gif":
		err = gif.Encode(&b, img, nil)
	case ".bmp":
		err = bmp.Encode(&b, img)
	default:
		t.Fatalf("no encoder for %s", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// serveGallery serves page1.html, which links to page2.html with rel=next:
// in its photos a large JPEG with its size and alt text, a PNG without its
// size, a WebP, and an SVG behind a thumbnail link; a 48×48 GIF in the
// site's header and a BMP without its size (really 20×20) in its footer.
// Page 2 has one more JPEG.
func (h *harness) serveGallery() gallery {
	h.t.Helper()
	webp, err := os.ReadFile(filepath.Join("testdata", "tiny.webp"))
	if err != nil {
		h.t.Fatal(err)
	}
	g := gallery{files: map[string][]byte{
		"big.jpg":    picture(h.t, "big.jpg", 800, 600),
		"photo.png":  picture(h.t, "photo.png", 300, 200),
		"raw.bmp":    picture(h.t, "raw.bmp", 20, 20),
		"tiny.gif":   picture(h.t, "tiny.gif", 48, 48),
		"anim.webp":  webp,
		"vector.svg": []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="` + "#c00" + `"/></svg>`),
		"second.jpg": picture(h.t, "second.jpg", 640, 480),
	}}
	for name, body := range g.files {
		h.srv.Handle("/pics/"+name, body)
	}
	h.srv.Handle("/gallery/page1.html", []byte(`<!doctype html><html><head><title>Cats</title>
<link rel="next" href="page2.html"></head><body>
<header><img src="/pics/tiny.gif" width="48" height="48"></header>
<div class="photos">
<img src="/pics/big.jpg" width="800" height="600" alt="A big cat">
<img src="/pics/photo.png">
<img src="/pics/anim.webp">
<a href="/pics/vector.svg"><img src="/pics/vector-thumb.png"></a>
</div>
<footer><img src="/pics/raw.bmp"></footer>
</body></html>`))
	h.srv.Handle("/gallery/page2.html", []byte(`<!doctype html><html><body>
<img src="/pics/second.jpg" width="640" height="480"></body></html>`))
	g.page1, g.page2 = h.srv.URL("/gallery/page1.html"), h.srv.URL("/gallery/page2.html")
	return g
}

// pickRows returns the picker rows on screen by file name.
func (h *harness) pickRows() map[string]*pickRow {
	rows := map[string]*pickRow{}
	guitest.Walk(h.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if r, ok := o.(*pickRow); ok && r.pick != nil {
			rows[r.pick.name] = r
		}
	})
	return rows
}

// headings are the page headings on screen, joined by " | ".
func (h *harness) headings() string {
	var out []string
	guitest.Walk(h.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if r, ok := o.(*pickRow); ok && r.kind == rowPage && r.heading.Visible() {
			out = append(out, r.heading.Text)
		}
	})
	return strings.Join(out, " | ")
}

// moreRow is the line of pictures not chosen on screen, or nil.
func (h *harness) moreRow() *pickRow {
	var more *pickRow
	guitest.Walk(h.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if r, ok := o.(*pickRow); ok && r.kind == rowMore && r.moreLine.Visible() && more == nil {
			more = r
		}
	})
	return more
}

// shownNames lists the file names the picker shows, in order.
func shownNames(p *picker) string {
	var names []string
	for _, i := range p.shown {
		names = append(names, p.picks[i].name)
	}
	return strings.Join(names, " ")
}

// solid is a w×h white picture.
func solid(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	return img
}
