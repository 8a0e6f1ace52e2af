package pages

import (
	"net/url"
	"slices"
	"strings"
	"testing"
)

func TestVariantOf(t *testing.T) {
	tests := []struct {
		name, small, large string
		same               bool
	}{
		{"medium max", "https://cdn.example.com/max/60/1*a.jpeg", "https://cdn.example.com/max/1600/1*a.jpeg", true},
		{"wordpress suffix", "https://example.com/up/beach-300x200.jpg", "https://example.com/up/beach.jpg", true},
		{"twitter name", "https://pbs.twimg.com/media/X?format=jpg&name=small", "https://pbs.twimg.com/media/X?format=jpg&name=orig", true},
		{"imgix width", "https://img.example.com/p.jpg?w=400&auto=format", "https://img.example.com/p.jpg?auto=format&w=2000", true},
		{"google size", "https://lh3.googleusercontent.com/abc=s320", "https://lh3.googleusercontent.com/abc=s1600", true},
		{"cloudinary", "https://res.example.com/demo/image/upload/c_limit,w_200/v1/cat.jpg", "https://res.example.com/demo/image/upload/c_limit,w_1200/v1/cat.jpg", true},
		{"medium v2", "https://miro.example.com/v2/resize:fit:200/1*b.png", "https://miro.example.com/v2/resize:fit:1400/1*b.png", true},
		{"different pictures", "https://example.com/photos/1.jpg", "https://example.com/photos/2.jpg", false},
		{"date folders", "https://example.com/2023/05/a.jpg", "https://example.com/2024/06/a.jpg", false},
		{"numbered file", "https://example.com/img-300.jpg", "https://example.com/img-600.jpg", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ks, ss := variantOf(mustParse(t, tt.small))
			kl, sl := variantOf(mustParse(t, tt.large))
			if (ks == kl) != tt.same {
				t.Fatalf("keys %q and %q: same = %v, want %v", ks, kl, ks == kl, tt.same)
			}
			if tt.same && sl <= ss {
				t.Errorf("size of the larger copy %d is not above %d", sl, ss)
			}
		})
	}
}

func TestNamesPicture(t *testing.T) {
	tests := []struct {
		raw  string
		want bool
	}{
		{"https://example.com/a.JPG", true},
		{"/static/b.webp?v=2", true},
		{"//cdn.example.com/c.png", true},
		{"https://pbs.twimg.com/media/Fx1?format=jpg&name=large", true},
		{"https://images.example.net/photo?fm=webp&w=800", true},
		{"https://res.example.com/demo/image/upload/v1/cat", true},
		{"https://lh3.googleusercontent.com/abc=s1600", true},
		{"photo.jpg", false},
		{"https://example.com/about", false},
		{"/", false},
		{"javascript:show('a.jpg')", false},
		{"a picture of a.jpg", false},
	}
	for _, tt := range tests {
		if got := namesPicture(tt.raw); got != tt.want {
			t.Errorf("namesPicture(%q) = %v, want %v", tt.raw, got, tt.want)
		}
	}
}

func TestScriptJSONIsBounded(t *testing.T) {
	deep := "window.x = " + strings.Repeat("[", 10000) + `"https://example.com/deep.jpg"` + strings.Repeat("]", 10000)
	many := strings.Repeat("a = {b: 1}; ", 10000) + `late = {"src": "https://example.com/late.jpg"}`
	for name, script := range map[string]string{"deep": deep, "many": many} {
		if got := scriptJSON(script); len(got) != 0 {
			t.Errorf("%s: read %d values, want none (too deep, or past the number tried)", name, len(got))
		}
	}
	if got := scriptJSON(`x = JSON.parse("{\"a\":\"https://example.com/a.jpg\"}")`); len(got) != 1 {
		t.Errorf("JSON.parse argument: read %d values, want 1", len(got))
	}
}

func TestScriptObjectLiteralsWithSingleQuotes(t *testing.T) {
	tests := []struct {
		name, script string
		values       int
	}{
		{"a shop's image block", `P.when('A').register("ImageBlockATF", function(A){ var data = {'colorImages': {"initial": [{"hiRes": "https://m.example.com/I/a._AC_SL1500_.jpg", "large": "https://m.example.com/I/a._AC_.jpg"}]}, 'holderRatio': 1.0}; return data; });`, 1},
		{"an apostrophe in JSON", `x = {"alt": "it's here", "src": "https://example.com/a.jpg"}`, 1},
		{"an apostrophe before a literal", `y = "it's"; x = {'src': 'https://example.com/a.jpg'}`, 1},
		{"code, not data", `x = {'a': b}`, 0},
	}
	for _, tt := range tests {
		if got := scriptJSON(tt.script); len(got) != tt.values {
			t.Errorf("%s: read %d values, want %d", tt.name, len(got), tt.values)
		}
		if got := doubleQuoted(tt.script); len(got) != len(tt.script) {
			t.Errorf("%s: doubleQuoted changed the length from %d to %d", tt.name, len(tt.script), len(got))
		}
	}
}

func TestTheHighResolutionOfAnImageBlockIsTaken(t *testing.T) {
	page := `<html><body><div id="altImages"><img src="https://m.example.com/I/a._AC_US40_.jpg"></div>
<script>P.when('A').register("ImageBlockATF", function(A){ var data = {'colorImages': {"initial": [{"hiRes": "https://m.example.com/I/a._AC_SL1500_.jpg", "thumb": "https://m.example.com/I/a._AC_US40_.jpg", "large": "https://m.example.com/I/a._AC_.jpg"}]}}; return data; });</script></body></html>`
	base, _ := url.Parse("https://shop.example.com/item")
	images, _, err := Find(strings.NewReader(page), base)
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	for _, img := range images {
		urls = append(urls, img.URL)
	}
	if want := []string{"https://m.example.com/I/a._AC_SL1500_.jpg"}; !slices.Equal(urls, want) {
		t.Errorf("pictures = %v, want the thumbnail at its largest, %v", urls, want)
	}
}

func TestAnImageBoardPostGivesItsOriginal(t *testing.T) {
	tests := []struct {
		name, attrs, want string
	}{
		{"the original beside the sample", `data-file-url="https://cdn.example.com/original/ab/cd/x.jpg" data-large-file-url="https://cdn.example.com/sample/ab/cd/sample-x.jpg" data-preview-file-url="https://cdn.example.com/180x180/ab/cd/x.jpg"`,
			"https://cdn.example.com/original/ab/cd/x.jpg"},
		{"the sample alone", `data-large-file-url="https://cdn.example.com/sample/ab/cd/sample-x.jpg"`, "https://cdn.example.com/sample/ab/cd/sample-x.jpg"},
		{"the full size beside a large copy", `data-large="https://example.com/large/x.jpg" data-full="https://example.com/full/x.jpg"`, "https://example.com/full/x.jpg"},
	}
	base, _ := url.Parse("https://board.example.com/posts")
	for _, tt := range tests {
		page := `<html><body><article class="post-preview" ` + tt.attrs + `><a href="/posts/1"><img src="https://cdn.example.com/180x180/ab/cd/x.jpg"></a></article></body></html>`
		images, _, err := Find(strings.NewReader(page), base)
		if err != nil {
			t.Fatal(err)
		}
		var urls []string
		for _, img := range images {
			urls = append(urls, img.URL)
		}
		if !slices.Equal(urls, []string{tt.want}) {
			t.Errorf("%s: pictures = %v, want %s alone", tt.name, urls, tt.want)
		}
	}
}
