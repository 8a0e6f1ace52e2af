package downloader

import (
	"encoding/hex"
	"errors"
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
	dir, base := t.TempDir(), t.TempDir()
	folders := archive.NewFolders(base)
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
		e, ok := lookUp(t, base, dir, link)
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

// lookUp is what the archive of folder dir, kept in base, holds for link.
func lookUp(t *testing.T, base, dir, link string) (archive.Entry, bool) {
	t.Helper()
	path, _ := archive.PathFor(base, dir)
	a, err := archive.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	return a.Lookup(link)
}

// pictureHits is how many requests the gallery's n pictures got.
func pictureHits(srv interface{ Hits(string) int }, n int) int {
	hits := 0
	for i := range n {
		hits += srv.Hits(fmt.Sprintf("/gallery/IMG_%d.png", 4400+i))
	}
	return hits
}

// unreadableArchive is a download archive that cannot be read: at the
// link's look-up, or only at the picture's.
type unreadableArchive struct{ linksToo bool }

func (u unreadableArchive) HasLink(string, string) (bool, error) {
	if u.linksToo {
		return false, &archive.UnreadableError{Path: "/config/haul/archive/x.sqlite", Err: errors.New("file is not a database")}
	}
	return false, nil
}

func (unreadableArchive) HasPicture(string, string) (bool, error) {
	return false, &archive.UnreadableError{Path: "/config/haul/archive/x.sqlite", Err: errors.New("database disk image is malformed")}
}

func (unreadableArchive) Remember(string, string, string, string) error { return nil }

// TestAnArchiveThatCannotBeReadBringsNothingBack: when the folder's
// archive cannot be read, Haul cannot tell a picture the user deleted from
// a new one, so nothing is saved: each link fails, saying which archive,
// and no file or temporary file is left. The links queued when the first
// failed are not started (as for any folder that fails); the picture of
// each one tried was asked for once, to be looked up by its sum.
func TestAnArchiveThatCannotBeReadBringsNothingBack(t *testing.T) {
	tests := []struct {
		name           string
		archive        unreadableArchive
		requestsPerTry int // picture requests made by each link tried
	}{
		{"the link's look-up", unreadableArchive{linksToo: true}, 0},
		{"the picture's look-up", unreadableArchive{}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t)
			_, pics := galleryPage(t, srv, "/gallery", "Gallery", 3)
			dir := t.TempDir()
			o := testOptions(dir)
			o.Archive = tt.archive
			m := New(o)
			var links []string
			for i := range pics {
				links = append(links, srv.URL(fmt.Sprintf("/gallery/IMG_%d.png", 4400+i)))
			}
			addAll(t, m, links...)
			s := runAll(t, m)
			if s.Failed != 3 || s.Done != 0 || s.Skipped != 0 {
				t.Errorf("summary %+v, want 3 failed", s)
			}
			items, _ := m.Snapshot()
			tried := 0
			for _, it := range items {
				if it.Err == nil || it.Err.Reason != ReasonArchiveUnreadable || it.Err.Folder != dir ||
					it.Err.Detail != "/config/haul/archive/x.sqlite" {
					t.Errorf("%s failed with %+v, want the archive unreadable", it.URL, it.Err)
				}
				if it.Err != nil && !it.Err.NotStarted {
					tried++
				}
			}
			if tried == 0 {
				t.Error("every link failed as not started, want the first one tried")
			}
			if got, want := pictureHits(srv, 3), tried*tt.requestsPerTry; got != want {
				t.Errorf("%d pictures requested, want %d (%d links tried)", got, want, tried)
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("files left in the folder: %v", left)
			}
		})
	}
}
