package pages

import (
	"strings"
	"testing"
)

func TestPageTitle(t *testing.T) {
	tests := []struct{ doc, want string }{
		{"<html><head><title>\n  Beach\n\tphotos </title></head><body><img src=a.jpg></body></html>", "Beach photos"},
		{"<title>Cats &amp; dogs</title><img src=a.jpg>", "Cats & dogs"},
		{"<body><svg><title>icon</title></svg><img src=a.jpg></body>", ""},
		{"<body><img src=a.jpg></body>", ""},
	}
	for _, tt := range tests {
		images, _, err := Find(strings.NewReader(tt.doc), mustParse(t, fixturePage))
		if err != nil || len(images) != 1 {
			t.Fatalf("Find: %v, %v", images, err)
		}
		if images[0].PageTitle != tt.want {
			t.Errorf("%q: title %q, want %q", tt.doc, images[0].PageTitle, tt.want)
		}
	}
}
