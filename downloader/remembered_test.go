package downloader

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/archive"
)

// TestTheArchiveSkipsWhatWasSavedBeforeEvenWhenDeleted: with a download
// archive, a second run of the same page fetches none of its pictures,
// also not the one deleted from the folder, and skips the same picture
// under another link; a link forgotten is downloaded again.
func TestTheArchiveSkipsWhatWasSavedBeforeEvenWhenDeleted(t *testing.T) {
	srv := newServer(t)
	page, pics := galleryPage(t, srv, "/gallery", "Gallery", 3)
	srv.Handle("/copy.png", pics[1]) // the same bytes as IMG_4401.png
	dir := t.TempDir()
	folders := archive.NewFolders(t.TempDir())
	t.Cleanup(func() { folders.Close() })
	run := func(links ...string) []ItemSnapshot {
		t.Helper()
		o := testOptions(dir)
		o.Archive = folders
		m := New(o)
		addAll(t, m, links...)
		runAll(t, m)
		items, _ := m.Snapshot()
		return items
	}
	run(page)
	for i, pic := range pics {
		link := srv.URL(fmt.Sprintf("/gallery/IMG_%d.png", 4400+i))
		if fileSum(t, filepath.Join(dir, fmt.Sprintf("IMG_%d.png", 4400+i))) != sum256(pic) {
			t.Fatalf("picture %d differs", i)
		}
		a, _ := folders.In(dir)
		e, ok := a.Lookup(link)
		sum := sum256(pic)
		if !ok || e.Sum != hex.EncodeToString(sum[:]) || e.Page != page {
			t.Errorf("archive holds %+v, %v for %s", e, ok, link)
		}
	}
	os.Remove(filepath.Join(dir, "IMG_4400.png"))

	cases := []struct {
		name    string
		forget  string
		fetched int // picture requests of the run
		saved   int
	}{
		{"deleted is not fetched again", "", 0, 0},
		{"forgotten is fetched again", "/gallery/IMG_4400.png", 1, 1},
	}
	for _, c := range cases {
		if c.forget != "" {
			if n, err := folders.Forget(dir, srv.URL(c.forget)); n != 1 || err != nil {
				t.Fatalf("%s: forget %d, %v", c.name, n, err)
			}
		}
		before := pictureHits(srv, 3)
		items := run(page)
		if got := pictureHits(srv, 3) - before; got != c.fetched {
			t.Errorf("%s: %d pictures fetched, want %d", c.name, got, c.fetched)
		}
		saved := 0
		for _, it := range items[1:] {
			switch {
			case it.State == Done:
				saved++
			case it.State != Skipped || it.Note.Kind != NoteSavedBefore:
				t.Errorf("%s: %s is %v (%+v)", c.name, it.URL, it.State, it.Note)
			}
		}
		if saved != c.saved {
			t.Errorf("%s: %d saved, want %d", c.name, saved, c.saved)
		}
	}
	items := run(srv.URL("/copy.png"))
	if items[0].State != Skipped || items[0].Note.Kind != NoteSavedBefore {
		t.Errorf("the same picture under another link is %v (%+v)", items[0].State, items[0].Note)
	}
	if _, err := os.Stat(filepath.Join(dir, "copy.png")); !os.IsNotExist(err) {
		t.Errorf("the same picture under another link was saved: %v", err)
	}
	if left := partFiles(t, dir); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// pictureHits is how many requests the gallery's n pictures got.
func pictureHits(srv interface{ Hits(string) int }, n int) int {
	hits := 0
	for i := range n {
		hits += srv.Hits(fmt.Sprintf("/gallery/IMG_%d.png", 4400+i))
	}
	return hits
}
