package downloader

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

// galleryPage serves a page titled title with n pictures whose own names
// are IMG_<i>.png, and returns the page's address and the pictures.
func galleryPage(t *testing.T, srv *downloadtest.Server, path, title string, n int) (string, [][]byte) {
	t.Helper()
	var html strings.Builder
	fmt.Fprintf(&html, "<html><head><title>\n  %s\n</title></head><body>", title)
	var pics [][]byte
	for i := range n {
		body := pngOf(t, 10+i, 10, uint8(len(path)+i))
		name := fmt.Sprintf("%s/IMG_%d.png", path, 4400+i)
		srv.Handle(name, body)
		pics = append(pics, body)
		fmt.Fprintf(&html, `<img src="%s">`, name)
	}
	html.WriteString("</body></html>")
	srv.Handle(path, []byte(html.String()), downloadtest.Header("Content-Type", "text/html"))
	return srv.URL(path), pics
}

// TestPagePicturesLandInTheirPageFolderNamedByTheTemplate: a pasted page
// link and a page added through AddPagePictures each fill a folder named
// after the page's title, their pictures named by the template.
func TestPagePicturesLandInTheirPageFolderNamedByTheTemplate(t *testing.T) {
	srv := newServer(t)
	beach, beachPics := galleryPage(t, srv, "/beach", "Beach / Summer 2024", 3)
	_, cityPics := galleryPage(t, srv, "/city", "City", 12)
	dir := t.TempDir()
	o := testOptions(dir)
	o.PageFolders = true
	o.NameTemplate = "{page} {n}.{ext}"
	m := New(o)
	addAll(t, m, beach)
	var city []string
	for i := range cityPics {
		city = append(city, srv.URL(fmt.Sprintf("/city/IMG_%d.png", 4400+i)))
	}
	if ids, rej := m.Intake().AddPagePictures(Page{URL: srv.URL("/city"), Title: "City"}, city...); len(ids) != 12 || len(rej) != 0 {
		t.Fatalf("AddPagePictures: %d added, %v", len(ids), rej)
	}
	if s := runAll(t, m); s.Done != 15 {
		t.Fatalf("summary %+v", s)
	}
	want := map[string][]byte{}
	for i, pic := range beachPics {
		want[filepath.Join("Beach _ Summer 2024", fmt.Sprintf("Beach _ Summer 2024 %02d.png", i+1))] = pic
	}
	for i, pic := range cityPics {
		want[filepath.Join("City", fmt.Sprintf("City %02d.png", i+1))] = pic
	}
	for rel, pic := range want {
		if fileSum(t, filepath.Join(dir, rel)) != sum256(pic) {
			t.Errorf("%s differs", rel)
		}
	}
	entries, _ := os.ReadDir(dir)
	var top []string
	for _, e := range entries {
		top = append(top, e.Name())
	}
	if !slices.Equal(top, []string{"Beach _ Summer 2024", "City"}) {
		t.Errorf("output folder holds %q, want only the two page folders", top)
	}
}

// TestPagePlacementSurvivesARestart: pictures queued into a page folder
// but not started keep their folder and name after the list is restored.
func TestPagePlacementSurvivesARestart(t *testing.T) {
	srv := newServer(t)
	pic := pngOf(t, 9, 9, 7)
	srv.Handle("/b.png", pic)
	dir := t.TempDir()
	o := testOptions(dir)
	o.PageFolders = true
	o.NameTemplate = "{n}-{name}"
	first := New(o)
	ids, _ := first.Intake().AddPagePictures(Page{URL: srv.URL("/trip"), Title: "Trip"}, srv.URL("/a.png"), srv.URL("/b.png"))
	rec := recordOf(t, first, ids[1])
	if rec.Subdir != "Trip" || rec.Pattern != "02-{name}" {
		t.Fatalf("record: %+v", rec)
	}
	second := New(testOptions(dir))
	second.Saved().Restore([]Record{rec})
	if s := runAll(t, second); s.Done != 1 {
		t.Fatalf("summary %+v", s)
	}
	if fileSum(t, filepath.Join(dir, "Trip", "02-b.png")) != sum256(pic) {
		t.Error("restored picture not saved in its page folder under its template name")
	}
}
