package pages

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fixturePage is the address the fixture pages are read as coming from.
const fixturePage = "https://example.com/gallery/index.html"

func TestFindFixtures(t *testing.T) {
	const e = "https://example.com"
	tests := []struct {
		file     string
		want     []Image
		wantNext string
	}{
		{file: "relative.html", want: []Image{
			{URL: e + "/gallery/photos/one.jpg", Alt: "Relative", Width: 640, Height: 480, Source: SourceImg},
			{URL: e + "/root/two.png", Alt: "Root-relative", Source: SourceImg},
			{URL: e + "/up/three.gif", Alt: "Parent", Source: SourceImg},
			{URL: "https://other.example.org/four.webp", Alt: "Absolute", Source: SourceImg},
			{URL: "https://cdn.example.net/five.jpg", Alt: "Protocol-relative", Source: SourceImg},
			{URL: e + "/gallery/six.jpg?size=large&v=2", Alt: "Entities & spaces", Source: SourceImg},
			{URL: e + "/gallery/seven.jpg", Alt: "Fragment", Source: SourceImg},
		}},
		{file: "base.html", wantNext: e + "/cdn/images/?page=2", want: []Image{
			{URL: e + "/cdn/images/cover.jpg", Source: SourceMeta},
			{URL: e + "/cdn/images/early.jpg", Alt: "Before the base", Source: SourceImg},
			{URL: e + "/cdn/images/late.jpg", Alt: "After the base", Source: SourceImg},
		}},
		{file: "srcset.html", want: []Image{
			{URL: e + "/gallery/w-large.jpg", Alt: "Width descriptors", Width: 1600, Height: 1200, Source: SourceSrcset},
			{URL: e + "/gallery/x-3.jpg", Alt: "Density descriptors", Source: SourceSrcset},
			{URL: e + "/gallery/plain@1.5x.jpg", Alt: "Fractional density", Source: SourceSrcset},
			{URL: e + "/gallery/comma,name.jpg", Alt: "Data candidate and comma in name", Width: 400, Source: SourceSrcset},
			{URL: e + "/gallery/srcset-only.jpg", Alt: "Same address", Source: SourceSrcset},
		}},
		{file: "lazy.html", want: []Image{
			{URL: e + "/gallery/lazy-src.jpg", Alt: "data-src", Source: SourceLazy},
			{URL: e + "/gallery/lazy-original.jpg", Alt: "data-original", Source: SourceLazy},
			{URL: e + "/gallery/lazy-lazy-src.jpg", Alt: "data-lazy-src", Source: SourceLazy},
			{URL: e + "/gallery/lazy-1200.jpg", Alt: "data-srcset", Width: 1200, Source: SourceLazy},
			{URL: e + "/gallery/lazy-over-real.jpg", Alt: "Lazy beats a low-quality src", Source: SourceLazy},
		}},
		{file: "picture.html", want: []Image{
			{URL: e + "/gallery/pic-a-2000.avif", Alt: "Art", Width: 2000, Height: 1500, Source: SourceSrcset},
			{URL: e + "/gallery/pic-b-wide.jpg", Alt: "Lazy picture", Source: SourceLazy},
			{URL: e + "/full/pic-c.JPEG?download=1", Alt: "Linked picture", Source: SourceLink},
		}},
		{file: "meta.html", want: []Image{
			{URL: e + "/share/cover.jpg", Source: SourceMeta},
			{URL: e + "/share/card.png", Alt: "Card in the body", Width: 1200, Height: 630, Source: SourceMeta},
		}},
		{file: "style.html", want: []Image{
			{URL: e + "/gallery/single.jpg", Source: SourceStyle},
			{URL: e + "/gallery/double.jpg", Source: SourceStyle},
			{URL: e + "/gallery/double-attr.jpg", Source: SourceStyle},
			{URL: e + "/gallery/bare.jpg", Source: SourceStyle},
			{URL: e + "/gallery/spaced.png", Source: SourceStyle},
			{URL: e + "/gallery/layer-two.webp", Source: SourceStyle},
		}},
		{file: "broken.html", want: []Image{
			{URL: e + "/gallery/unquoted.jpg", Alt: "Unquoted", Source: SourceImg},
			{URL: e + "/gallery/in-table.jpg", Alt: "In a table", Source: SourceImg},
			{URL: e + "/gallery/single-quoted.jpg", Alt: "Single quoted", Source: SourceImg},
			{URL: e + "/gallery/after-stray-close.jpg", Alt: "After stray closing tags", Source: SourceImg},
			{URL: e + "/gallery/noscript.jpg", Source: SourceImg},
		}},
		{file: "icons.html", want: []Image{
			{URL: e + "/photos/real.jpg", Alt: "Small but real", Width: 33, Height: 33, Source: SourceImg},
		}},
		{file: "links.html", wantNext: e + "/gallery/page-2.html", want: []Image{
			{URL: e + "/full/one.JPG", Alt: "One", Source: SourceLink},
			{URL: e + "/gallery/full/two.webp?w=4000", Alt: "Two", Source: SourceLink},
			{URL: e + "/full/three.png", Source: SourceLink},
			{URL: e + "/thumb/four.jpg", Alt: "Page link", Source: SourceImg},
			{URL: e + "/downloads/five.tiff", Source: SourceLink},
		}},
		// Pictures that only a page's fallbacks and data name: <noscript>
		// fallbacks behind lazy placeholders, schema.org JSON-LD and
		// microdata, and JSON in scripts and data-* attributes.
		{file: "noscript.html", want: []Image{
			{URL: "https://cdn-images-1.medium.com/max/1600/1*harbour.jpeg", Alt: "The harbour at dawn", Source: SourceImg},
			{URL: e + "/img/lighthouse.jpg", Alt: "The lighthouse", Source: SourceImg},
			{URL: e + "/img/pier.jpg", Alt: "The pier", Source: SourceImg},
			{URL: e + "/img/pier-nojs.jpg", Alt: "The pier without scripts", Source: SourceImg},
		}},
		{file: "jsonld.html", want: []Image{
			{URL: e + "/photos/4x3/flood.jpg", Source: SourceSchema},
			{URL: e + "/media/get?id=77", Source: SourceSchema},
			{URL: e + "/media/bridge.webp", Width: 2400, Height: 1600, Source: SourceSchema},
		}},
		{file: "microdata.html", want: []Image{
			{URL: e + "/full/canyon.jpg", Source: SourceSchema},
			{URL: e + "/full/river.png", Source: SourceSchema},
			{URL: e + "/products/camera-large.webp", Source: SourceSchema},
			{URL: e + "/thumbs/alone.jpg", Alt: "Only a thumbnail", Source: SourceImg},
		}},
		{file: "scriptdata.html", want: []Image{
			{URL: e + "/_next/static/media/trip-01.jpg", Width: 1920, Height: 1280, Source: SourceData},
			{URL: e + "/_next/static/media/trip-02.jpg", Width: 1920, Height: 1280, Source: SourceData},
			{URL: "https://images.example.net/p1-raw.jpg?fm=jpg", Source: SourceData},
			{URL: "https://scontent.cdninstagram.com/v/p9_1080.jpg", Width: 1080, Height: 1080, Source: SourceData},
			{URL: "https://pbs.twimg.com/media/FxAbC?format=jpg&name=orig", Source: SourceData},
			{URL: e + "/img/slide-1.jpg", Source: SourceData},
			{URL: e + "/img/slide-2.jpg", Source: SourceData},
			{URL: e + "/wp-content/uploads/beach.jpg", Alt: "Beach", Source: SourceLazy},
			{URL: e + "/img/map-huge.png", Source: SourceData},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			images, next := findFile(t, tt.file)
			for i := range tt.want {
				tt.want[i].Page = fixturePage
			}
			if !reflect.DeepEqual(images, tt.want) {
				t.Errorf("images:\n got  %s\n want %s", describe(images), describe(tt.want))
			}
			if next != tt.wantNext {
				t.Errorf("next = %q, want %q", next, tt.wantNext)
			}
		})
	}
}

func TestFindRejectsRelativePageAddress(t *testing.T) {
	tests := []*url.URL{nil, {Path: "/gallery/"}}
	for _, page := range tests {
		if _, _, err := Find(strings.NewReader("<img src=a.jpg>"), page); err == nil {
			t.Errorf("Find with page %v: no error", page)
		}
	}
}

func TestFindNextLink(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{
		{"link element", `<link rel="next" href="p2.html">`, "https://example.com/gallery/p2.html"},
		{"anchor with several rel words", `<a rel="nofollow NEXT" href="/p/2">2</a>`, "https://example.com/p/2"},
		{"first of two", `<a rel=next href=a.html></a><a rel=next href=b.html></a>`, "https://example.com/gallery/a.html"},
		{"rel prev only", `<a rel=prev href=p0.html></a>`, ""},
		{"not a web address", `<a rel=next href="javascript:more()"></a>`, ""},
		{"none", `<p>one page</p>`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, next, err := Find(strings.NewReader(tt.doc), mustParse(t, fixturePage))
			if err != nil {
				t.Fatal(err)
			}
			if next != tt.want {
				t.Errorf("next = %q, want %q", next, tt.want)
			}
		})
	}
}

// findFile runs Find on a fixture in testdata as if read from fixturePage.
func findFile(t testing.TB, name string) ([]Image, string) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	images, next, err := Find(f, mustParse(t, fixturePage))
	if err != nil {
		t.Fatalf("Find(%s): %v", name, err)
	}
	for i := range images {
		images[i].PageTitle = ""                 // TestPageTitle checks titles
		images[i].Why, images[i].fit = "", fit{} // the choice has tests of its own
	}
	return images, next
}

func mustParse(t testing.TB, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// describe lists images one per line for readable failures.
func describe(images []Image) string {
	var b strings.Builder
	for _, img := range images {
		fmt.Fprintf(&b, "\n   %s | %s | %q | %dx%d | %s", img.URL, img.Source, img.Alt, img.Width, img.Height, img.Page)
	}
	return b.String()
}
