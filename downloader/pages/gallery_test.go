package pages

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// galleryImages is how many full-size pictures galleryHTML shows.
const galleryImages = 200

// galleryHTML builds a gallery page of galleryImages pictures in mixed
// forms, as real galleries write them: the first half are thumbnails (with
// srcset) linking to their full-size files, the second half are lazy-loaded
// in several styles. Around them sit the things that must not be
// collected: icons, a sprite, a tracking pixel, placeholders, and repeats
// of pictures already shown.
func galleryHTML() []byte {
	var b bytes.Buffer
	b.WriteString(`<!DOCTYPE html><html><head><title>Holiday photos</title>
<link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" href="/apple-touch-icon.png">
<meta property="og:image" content="/full/img-001.jpg">
<link rel="stylesheet" href="/static/site.css"></head><body>
<header><img src="/static/logo-sprite.png" alt="Site"><img src="/static/menu.png" width="24" height="24" alt="Menu"></header>
<div class="gallery">
`)
	half := galleryImages / 2
	for i := 1; i <= half; i++ {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, `<figure><a href="/full/img-%03d.jpg"><img src="/thumb/img-%03d.jpg" srcset="/thumb/img-%03d.jpg 1x, /thumb/img-%03d@2x.jpg 2x" width="200" height="150" alt="Photo %d"></a></figure>
`, i, i, i, i, i)
		case 1:
			fmt.Fprintf(&b, `<figure><a class="zoom" href="https://example.com/full/img-%03d.jpg"><img src="/thumb/img-%03d-300.jpg" srcset="/thumb/img-%03d-300.jpg 300w, /thumb/img-%03d-600.jpg 600w" sizes="200px" alt="Photo %d"></a></figure>
`, i, i, i, i, i)
		default:
			fmt.Fprintf(&b, `<figure><a href="../full/img-%03d.jpg"><picture><source type="image/webp" srcset="/thumb/img-%03d.webp 1x, /thumb/img-%03d@2x.webp 2x"><img src="/thumb/img-%03d.jpg" alt="Photo %d"></picture></a></figure>
`, i, i, i, i, i)
		}
	}
	for i := half + 1; i <= galleryImages; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, `<img class="lazy" src="/static/blank.gif" data-src="/full/img-%03d.jpg" alt="Photo %d">
`, i, i)
		case 1:
			fmt.Fprintf(&b, `<img class="lazy" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" data-original="/full/img-%03d.jpg" alt="Photo %d">
`, i, i)
		case 2:
			fmt.Fprintf(&b, `<img data-lazy-src="/full/img-%03d.jpg" src="/static/spacer.gif" width="1600" height="1200" alt="Photo %d">
`, i, i)
		default:
			fmt.Fprintf(&b, `<img class="lazyload" src="/static/pixel.gif" data-srcset="/thumb/img-%03d-400.jpg 400w, /full/img-%03d.jpg 1600w" alt="Photo %d">
`, i, i, i)
		}
	}
	b.WriteString(`</div>
<aside>Most viewed: <a href="/full/img-007.jpg"><img src="/thumb/img-007.jpg" alt="Photo 7"></a>
<img src="/full/img-150.jpg" alt="Photo 150"></aside>
<img src="https://stats.example.net/hit.gif?page=gallery" width="1" height="1" alt="">
<footer><a rel="next" href="/gallery?page=2">Next page</a></footer>
</body></html>`)
	return b.Bytes()
}

func TestFindGalleryYieldsExactlyTheFullSizeImages(t *testing.T) {
	images, next, err := Find(bytes.NewReader(galleryHTML()), mustParse(t, "https://example.com/gallery/"))
	if err != nil {
		t.Fatal(err)
	}
	if len(images) != galleryImages {
		t.Fatalf("found %d images, want %d:%s", len(images), galleryImages, describe(images))
	}
	for i, img := range images {
		want := fmt.Sprintf("https://example.com/full/img-%03d.jpg", i+1)
		if img.URL != want {
			t.Errorf("image %d = %s, want %s", i+1, img.URL, want)
		}
		if wantAlt := fmt.Sprintf("Photo %d", i+1); img.Alt != wantAlt {
			t.Errorf("image %d alt = %q, want %q", i+1, img.Alt, wantAlt)
		}
		if strings.Contains(img.URL, "thumb") || strings.Contains(img.URL, "static") {
			t.Errorf("image %d is not full-size: %s", i+1, img.URL)
		}
	}
	if want := "https://example.com/gallery?page=2"; next != want {
		t.Errorf("next = %q, want %q", next, want)
	}
}

// BenchmarkFind200 measures the parse time budget: a 200-image gallery
// must take well under 100 ms.
func BenchmarkFind200(b *testing.B) {
	doc := galleryHTML()
	page := mustParse(b, "https://example.com/gallery/")
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		images, _, err := Find(bytes.NewReader(doc), page)
		if err != nil || len(images) != galleryImages {
			b.Fatalf("Find: %d images, %v", len(images), err)
		}
	}
}
