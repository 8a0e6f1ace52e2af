package pages

import (
	"bytes"
	"context"
	"io"
	"net/url"
	"strings"
	"testing"
)

// spaces is an endless run of spaces, a page's filler.
type spaces struct{}

func (spaces) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// sizedPage is a Fetch of one page of size bytes: a picture at its start
// and one at its very end.
func sizedPage(size int64) Fetch {
	const head = `<html><body><img src="/first.jpg">`
	const tail = `<img src="/last.jpg"></body></html>`
	return func(context.Context, string) (io.ReadCloser, string, *url.URL, error) {
		fill := io.LimitReader(spaces{}, size-int64(len(head)+len(tail)))
		body := io.MultiReader(strings.NewReader(head), fill, strings.NewReader(tail))
		return io.NopCloser(body), "text/html", nil, nil
	}
}

// TestAPageLongerThanHaulReadsSaysItWasCut: a page past MaxPageBytes is
// read as far as that, with the pictures found there, and a problem says
// it was cut; a page of exactly MaxPageBytes is read whole.
func TestAPageLongerThanHaulReadsSaysItWasCut(t *testing.T) {
	tests := []struct {
		name    string
		size    int64
		want    []string
		wantCut bool
	}{
		{"as long as Haul reads", MaxPageBytes, []string{"/first.jpg", "/last.jpg"}, false},
		{"one byte longer", MaxPageBytes + 1, []string{"/first.jpg", "/last.jpg"}, true}, // only the final ">" is left out
		{"a gigabyte", 1 << 30, []string{"/first.jpg"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			images, problems, err := Crawl(t.Context(), "http://127.0.0.1/big", 1, sizedPage(tt.size))
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			for _, img := range images {
				u, _ := url.Parse(img.URL)
				got.WriteString(u.Path + " ")
			}
			if strings.TrimSpace(got.String()) != strings.Join(tt.want, " ") {
				t.Errorf("pictures %q, want %v", got.String(), tt.want)
			}
			cut := len(problems) == 1 && problems[0].Kind == ProblemCut && problems[0].Page == "http://127.0.0.1/big"
			if cut != tt.wantCut || (!tt.wantCut && len(problems) > 0) {
				t.Errorf("problems %v, want cut %v", problems, tt.wantCut)
			}
		})
	}
}
