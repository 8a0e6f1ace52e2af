package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
	"haul/downloader/render"
	"haul/downloader/render/rendertest"
)

// TestFromPageSavesEveryPictureOnEveryPage follows a two-page gallery and
// checks the pictures arrive byte-identical with the page as Referer.
func TestFromPageSavesEveryPictureOnEveryPage(t *testing.T) {
	s := newServer(t)
	want := map[string][]byte{}
	for page := 1; page <= 3; page++ {
		var html strings.Builder
		html.WriteString("<html><body>")
		for i := range 3 {
			name := fmt.Sprintf("p%d-%d.png", page, i)
			body := downloadtest.PictureNamed(name, 3000, int64(page*10+i))
			s.Handle("/full/"+name, body)
			if page <= 2 {
				want[name] = body
			}
			fmt.Fprintf(&html, `<a href="/full/%s"><img src="/thumb/%s"></a>`, name, name)
		}
		if page < 3 {
			fmt.Fprintf(&html, `<a rel="next" href="/gallery/%d">next</a>`, page+1)
		}
		html.WriteString("</body></html>")
		s.Handle(fmt.Sprintf("/gallery/%d", page), []byte(html.String()), downloadtest.Header("Content-Type", "text/html"))
	}
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(t.Context(), "", "-o", out, "-pages", "2", "-from-page", s.URL("/gallery/1"))
	if r.code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, "Found 6 pictures on 2 pages.") {
		t.Errorf("stderr:\n%s", r.stderr)
	}
	checkFiles(t, out, want)
	reqs := s.Requests("/full/p2-1.png")
	if len(reqs) != 1 || reqs[0].Header.Get("Referer") != s.URL("/gallery/2") {
		t.Errorf("picture not requested once with its page as Referer: %+v", reqs)
	}
	if s.Hits("/gallery/3") != 0 {
		t.Error("followed more pages than -pages")
	}
}

// TestFromPageRenderSavesAnInfiniteScrollGallery opens a gallery that loads
// its pictures as the reader scrolls in the installed browser and checks
// that every picture is saved, where reading the page directly finds only
// the first batch.
func TestFromPageRenderSavesAnInfiniteScrollGallery(t *testing.T) {
	if _, ok := render.FindBrowser(); !ok {
		t.Skip("no Chrome, Chromium, Edge or Brave is installed, so -render is not tested here (on Debian: apt-get install chromium)")
	}
	srv := (&rendertest.ScrollSite{}).Start(t)
	want := map[string][]byte{}
	for n := 1; n <= rendertest.Pictures; n++ {
		want[fmt.Sprintf("%03d.png", n)] = rendertest.PictureBytes(n)
	}
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(t.Context(), "", "-o", out, "-render", "-from-page", srv.URL+"/gallery")
	if r.code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, fmt.Sprintf("Found %d pictures on 1 page.", rendertest.Pictures)) {
		t.Errorf("stderr:\n%s", r.stderr)
	}
	checkFiles(t, out, want)
}

func TestRenderNeedsFromPage(t *testing.T) {
	r := runGet(t.Context(), "", "-o", t.TempDir(), "-render", "https://example.com/a.jpg")
	if r.code != exitUsage || !strings.Contains(r.stderr, "-render goes with -from-page") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
}
