package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/downloader/watch"
)

// TestPicturesPastTheCapAreToldOfOnce gives haul get links and a page
// whose pictures take the list past its cap (made 4 here): the pictures
// that fit are saved, and one line says how many were not added, with no
// line per picture.
func TestPicturesPastTheCapAreToldOfOnce(t *testing.T) {
	before := optionsHook
	optionsHook = func(o *downloader.Options) {
		before(o)
		o.MaxLinks = 4
	}
	t.Cleanup(func() { optionsHook = before })
	s := newServer(t)
	var html strings.Builder
	for i := range 5 {
		name := fmt.Sprintf("p%d.png", i)
		s.Handle("/full/"+name, downloadtest.PictureNamed(name, 1000, int64(i)))
		fmt.Fprintf(&html, `<a href="/full/%s"><img src="/thumb/%s"></a>`, name, name)
	}
	s.Handle("/gallery", []byte("<html><body>"+html.String()+"</body></html>"), downloadtest.Header("Content-Type", "text/html"))
	s.Handle("/a.bin", downloadtest.Data(1000, 10))
	s.Handle("/b.bin", downloadtest.Data(1000, 11))
	list := filepath.Join(t.TempDir(), "list.txt")
	if err := os.WriteFile(list, []byte(s.URL("/a.bin")+"\n"+s.URL("/b.bin")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(t.Context(), "", "-o", out, "-from-page", s.URL("/gallery"), list)
	if r.code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	const want = "3 links were not added: the list is full (200,000 links, the most one run of haul get takes). Save them in another run"
	if strings.Count(r.stderr, want) != 1 || strings.Contains(r.stderr, "the list is full:") {
		t.Errorf("stderr does not say once that 3 were not added:\n%s", r.stderr)
	}
	entries, err := os.ReadDir(out)
	if err != nil || len(entries) != 4 {
		t.Errorf("%d files saved (%v), want the 4 that fit", len(entries), err)
	}
}

// TestWatchCheckPastTheCapSaysSo: the line of a watched page's check says
// how many new pictures its full list left out, once, beside what it saved.
func TestWatchCheckPastTheCapSaysSo(t *testing.T) {
	page := watch.Page{URL: "http://127.0.0.1:1/w"}
	tests := []struct {
		name   string
		result watch.Result
		stderr string
	}{
		{"every picture added", watch.Result{New: 2}, ""},
		{"some left out", watch.Result{New: 2, NotAdded: 3}, "http://127.0.0.1:1/w: 3 new pictures were not added: one check takes at most 200,000 links\n"},
		{"one left out", watch.Result{NotAdded: 1}, "http://127.0.0.1:1/w: 1 new picture was not added: one check takes at most 200,000 links\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			printChecked(&stdout, &stderr, page, tt.result)
			if stderr.String() != tt.stderr || !strings.Contains(stdout.String(), fmt.Sprint(tt.result.New)) {
				t.Errorf("stdout %q, stderr %q; want stderr %q", stdout.String(), stderr.String(), tt.stderr)
			}
		})
	}
}
