package pages

import (
	"slices"
	"testing"
)

func TestStyleImageURLs(t *testing.T) {
	tests := []struct {
		style string
		want  []string
	}{
		{"background-image:url('a.jpg')", []string{"a.jpg"}},
		{`background-image: url("b c.jpg")`, []string{"b c.jpg"}},
		{"background-image:url(c.jpg)", []string{"c.jpg"}},
		{"BACKGROUND: red Url(  d.png  ) no-repeat", []string{"d.png"}},
		{"background-image: url(data:image/png;base64,AA==), url('e.webp'); color: red", []string{"data:image/png;base64,AA==", "e.webp"}},
		{`background:url("f\".jpg")`, []string{`f".jpg`}},
		{"background-image:url('unterminated.jpg", []string{"unterminated.jpg"}},
		{"background-image:url(open.jpg", []string{"open.jpg"}},
		{"border-image:url(g.png); mask: url(h.svg)", nil},
		{"background-color: #fff", nil},
		{"background-image:url()", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := styleImageURLs(tt.style); !slices.Equal(got, tt.want) {
			t.Errorf("styleImageURLs(%q) = %q, want %q", tt.style, got, tt.want)
		}
	}
}
