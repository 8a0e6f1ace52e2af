package downloader

import (
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestReviveRetriesAFailedLinkWithItsPage: a picture refused without its
// page as Referer fails; found again on the page, it goes back in line
// with the page as Referer and is saved.
func TestReviveRetriesAFailedLinkWithItsPage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Referer") == "" {
			http.Error(w, "no", http.StatusForbidden)
			return
		}
		png.Encode(w, image.NewGray(image.Rect(0, 0, 4, 4)))
	}))
	defer srv.Close()
	m := New(Options{Dir: t.TempDir(), Limits: Limits{Concurrency: 1}})
	defer m.Stop()
	link := srv.URL + "/members/a.jpg"
	m.Add(link)
	if err := m.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the link refused", func() bool { return m.Summary().Failed == 1 })
	if n := m.Controls().Revive(srv.URL+"/elsewhere.html", srv.URL+"/other.jpg"); n != 0 {
		t.Errorf("a link not in the list revived %d items", n)
	}
	if n := m.Controls().Revive(srv.URL+"/gallery.html", link); n != 1 {
		t.Fatalf("revived %d items, want the failed one", n)
	}
	waitFor(t, "the revived link saved", func() bool { return m.Summary().Done == 1 })
	items, _ := m.Snapshot()
	if items[0].Referer != srv.URL+"/gallery.html" {
		t.Errorf("the revived item has Referer %q", items[0].Referer)
	}
}
