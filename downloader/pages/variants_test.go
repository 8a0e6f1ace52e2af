package pages

import (
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
