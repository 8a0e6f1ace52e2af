package pages

import (
	"reflect"
	"testing"
)

// TestFindModernPages covers pictures that only a page's fallbacks and data
// name: <noscript> fallbacks behind lazy placeholders, schema.org JSON-LD
// and microdata, and JSON in scripts and data-* attributes.
func TestFindModernPages(t *testing.T) {
	const e = "https://example.com"
	tests := []struct {
		file string
		want []Image
	}{
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
			images, _ := findFile(t, tt.file)
			for i := range tt.want {
				tt.want[i].Page = fixturePage
			}
			if !reflect.DeepEqual(images, tt.want) {
				t.Errorf("images:\n got  %s\n want %s", describe(images), describe(tt.want))
			}
		})
	}
}
