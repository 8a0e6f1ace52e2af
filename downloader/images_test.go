package downloader

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

// pngOf makes a real w×h PNG whose pixels depend on seed.
func pngOf(t *testing.T, w, h int, seed uint8) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{R: uint8(x) + seed, G: uint8(y), B: seed, A: 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const loginPage = `<!doctype html><html><head><title>Sign in</title></head><body><form><input name=user></form></body></html>`

func TestPicturesAreChecked(t *testing.T) {
	pic := pngOf(t, 40, 30, 1)
	other := pngOf(t, 20, 10, 2)
	srv := newServer(t)
	srv.Handle("/login.jpg", []byte(loginPage), downloadtest.Header("Content-Type", "image/jpeg"))
	srv.Handle("/really-png.jpg", pic)
	srv.Handle("/copy/of.png", pic)
	srv.Handle("/api/data.json", []byte(`{"ok":true}`))
	srv.Handle("/other.png", other)
	dir := t.TempDir()
	o := testOptions(dir)
	m := New(o)
	ids := addAll(t, m, srv.URL("/login.jpg"), srv.URL("/really-png.jpg"), srv.URL("/copy/of.png"), srv.URL("/api/data.json"), srv.URL("/other.png"))
	runAll(t, m)
	login, png1, dup, data, plain := mustItem(t, m, ids[0]), mustItem(t, m, ids[1]), mustItem(t, m, ids[2]), mustItem(t, m, ids[3]), mustItem(t, m, ids[4])

	if login.State != Failed || login.Err.Kind != ErrNotImage || login.Err.Reason != ReasonNotImage {
		t.Errorf("login page: %v %#v", login.State, login.Err)
	}
	if png1.Name != "really-png.png" || png1.Width != 40 || png1.Height != 30 || png1.MIME != "image/png" {
		t.Errorf("mislabelled picture: %+v", png1)
	}
	copied := checkOneOfTwoSaved(t, png1, dup, pic)
	if data.State != Done {
		t.Errorf("a JSON file that is not expected to be a picture must be saved: %v %v", data.State, data.Err)
	}
	if plain.State != Done || fileSum(t, filepath.Join(dir, "other.png")) != sum256(other) {
		t.Errorf("plain picture: %+v", plain)
	}
	for _, name := range []string{copied.Name, "login.jpg", "really-png.jpg"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s should not exist", name)
		}
	}
	var report bytes.Buffer
	items, _ := m.Snapshot()
	if err := WriteReport(&report, items, ReportOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(report.String(), ",40,30,image/png") {
		t.Errorf("report lacks pixel sizes:\n%s", report.String())
	}
}

// checkOneOfTwoSaved checks that of two identical pictures one was saved
// and the other skipped as the same picture; it returns the skipped one.
func checkOneOfTwoSaved(t *testing.T, a, b ItemSnapshot, pic []byte) ItemSnapshot {
	t.Helper()
	saved, copied := a, b
	if saved.State == Skipped {
		saved, copied = b, a
	}
	if saved.State != Done || copied.State != Skipped || copied.Note != (Note{Kind: NoteSamePicture, Name: saved.Name}) || copied.Path != saved.Path {
		t.Errorf("one of two identical pictures must be skipped: %v %q / %v %q", a.State, a.Note.Name, b.State, b.Note.Name)
	}
	if fileSum(t, saved.Path) != sum256(pic) {
		t.Error("picture differs")
	}
	return copied
}

func TestKeepDuplicatesWhenAsked(t *testing.T) {
	pic := pngOf(t, 8, 8, 3)
	srv := newServer(t)
	srv.Handle("/a.png", pic)
	srv.Handle("/b.png", pic)
	dir := t.TempDir()
	o := testOptions(dir)
	o.KeepDuplicates = true
	m := New(o)
	addAll(t, m, srv.URL("/a.png"), srv.URL("/b.png"))
	if s := runAll(t, m); s.Done != 2 {
		t.Fatalf("summary %+v", s)
	}
}

// TestLinkToAWebPageSavesItsPictures: a link that answers with HTML is a
// gallery: its pictures are queued with the page as Referer.
func TestLinkToAWebPageSavesItsPictures(t *testing.T) {
	srv := newServer(t)
	var html strings.Builder
	html.WriteString("<html><body>")
	want := map[string][]byte{}
	for i := range 5 {
		name := fmt.Sprintf("full%d.png", i)
		body := pngOf(t, 16+i, 16, uint8(i))
		srv.Handle("/img/"+name, body)
		want[name] = body
		fmt.Fprintf(&html, `<a href="/img/%s"><img src="/thumb/%d.png" width=100 height=100></a>`, name, i)
	}
	html.WriteString("</body></html>")
	srv.Handle("/gallery", []byte(html.String()), downloadtest.Header("Content-Type", "text/html; charset=utf-8"))
	dir := t.TempDir()
	m := New(testOptions(dir))
	ids := addAll(t, m, srv.URL("/gallery"))
	s := runAll(t, m)
	if s.Done != 5 || s.Skipped != 1 || s.Total != 6 {
		t.Fatalf("summary %+v", s)
	}
	if page := mustItem(t, m, ids[0]); page.Note != (Note{Kind: NotePage, Count: 5}) {
		t.Errorf("page note %+v", page.Note)
	}
	for name, body := range want {
		if fileSum(t, filepath.Join(dir, name)) != sum256(body) {
			t.Errorf("%s differs", name)
		}
		reqs := srv.Requests("/img/" + name)
		if len(reqs) != 1 || reqs[0].Header.Get("Referer") != srv.URL("/gallery") {
			t.Errorf("%s was not requested with the page as Referer", name)
		}
	}
	if srv.Hits("/thumb/0.png") != 0 {
		t.Error("thumbnail downloaded")
	}
	if _, err := os.Stat(filepath.Join(dir, "gallery")); err == nil {
		t.Error("the page itself was saved")
	}
}

// TestSamePictureAsOneSavedEarlier downloads a picture, then the same
// picture under another link: it is skipped as the same picture while the
// first file is in the folder, and saved when the user removed that file.
func TestSamePictureAsOneSavedEarlier(t *testing.T) {
	for _, removed := range []bool{false, true} {
		t.Run(fmt.Sprint("removed=", removed), func(t *testing.T) {
			pic := pngOf(t, 30, 20, 5)
			srv := newServer(t)
			srv.Handle("/first.png", pic)
			srv.Handle("/second.png", pic)
			m := New(testOptions(t.TempDir()))
			first := addAll(t, m, srv.URL("/first.png"))[0]
			runAll(t, m)
			saved := mustItem(t, m, first)
			if saved.State != Done {
				t.Fatalf("first: %v (%v)", saved.State, saved.Err)
			}
			if removed {
				if err := os.Remove(saved.Path); err != nil {
					t.Fatal(err)
				}
			}
			second := mustItem(t, m, addAll(t, m, srv.URL("/second.png"))[0])
			runAll(t, m)
			second = mustItem(t, m, second.ID)
			switch {
			case removed && (second.State != Done || fileSum(t, second.Path) != sum256(pic)):
				t.Errorf("second: %v (%v) at %s, want saved", second.State, second.Err, second.Path)
			case !removed && (second.State != Skipped || second.Note.Kind != NoteSamePicture || second.Path != saved.Path):
				t.Errorf("second: %v %+v at %s, want skipped as the same picture as %s", second.State, second.Note, second.Path, saved.Path)
			}
		})
	}
}
