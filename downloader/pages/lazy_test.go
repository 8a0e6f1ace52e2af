package pages

import (
	"net/url"
	"slices"
	"strings"
	"testing"
)

// TestLazyPicturesBesideAFallback: a lazy picture is taken for the
// placeholder of a <noscript> fallback only when it waits for that very
// picture; lazy backgrounds in data-bg and the like are read.
func TestLazyPicturesBesideAFallback(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []string
	}{
		{"two lazy pictures and a fallback of another",
			`<img data-src="a.jpg"><img data-src="b.jpg"><noscript><img src="c.jpg"></noscript>`,
			[]string{"a.jpg", "b.jpg", "c.jpg"}},
		{"a lazy picture and its own fallback",
			`<img data-src="c.jpg" src="blank.gif"><noscript><img src="c.jpg"></noscript>`,
			[]string{"c.jpg"}},
		{"a lazy picture, another, and the fallback of the second",
			`<img data-src="a.jpg"><img data-src="c.jpg"><noscript><img src="c.jpg"></noscript>`,
			[]string{"a.jpg", "c.jpg"}},
		{"a placeholder without a lazy address",
			`<img class="lazyload" src="blank.gif"><noscript><img src="c.jpg"></noscript>`,
			[]string{"c.jpg"}},
		{"a blurred thumbnail, a canvas and a lazy img before the fallback",
			`<div><img class="progressive-thumbnail" src="thumb.jpg"><canvas></canvas><img class="progressive-image" data-src="full.jpg"><noscript><img src="full.jpg"></noscript></div>`,
			[]string{"full.jpg"}},
		{"data-bg with url()", `<div class="lazyload" data-bg="url('bg.jpg')"></div>`, []string{"bg.jpg"}},
		{"data-bg with an address", `<div data-bg="bg2.png"></div>`, []string{"bg2.png"}},
		{"data-background-image", `<section data-background-image="url(&quot;hero.webp&quot;)"></section>`, []string{"hero.webp"}},
		{"data-bg that is no address", `<div data-bg="#fff; color: red"></div>`, nil},
	}
	base, _ := url.Parse("https://example.com/gallery/")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			images, _, err := Find(strings.NewReader("<!doctype html><html><body>"+tt.body+"</body></html>"), base)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, img := range images {
				got = append(got, strings.TrimPrefix(img.URL, "https://example.com/gallery/"))
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("found %q, want %q", got, tt.want)
			}
		})
	}
}
