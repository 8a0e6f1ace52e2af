package gui

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"haul/browser"
	"haul/gui/settings"
	"haul/instance"
)

func TestPicturesFromTheBrowserOpenThePickerAndUseItsCookies(t *testing.T) {
	h := newHarness(t, nil)
	pics := map[string][]byte{"a.png": fileBody("a"), "b.png": fileBody("b")}
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie("member")
		body, ok := pics[strings.TrimPrefix(r.URL.Path, "/")]
		if err != nil || c.Value != "yes" || r.Referer() != srv.URL+"/gallery" || r.UserAgent() != "Browser/1.0" || !ok {
			http.Error(w, "members only", http.StatusForbidden)
			return
		}
		w.Write(body)
	}))
	defer srv.Close()
	msg := browser.Message{Type: browser.TypePictures, Page: browser.Page{URL: srv.URL + "/gallery", Title: "Members"},
		Links:     []string{srv.URL + "/a.png", srv.URL + "/b.png"},
		Cookies:   []browser.Cookie{{Domain: "127.0.0.1", HostOnly: true, Path: "/", Name: "member", Value: "yes"}},
		UserAgent: "Browser/1.0"}

	replied := make(chan instance.Reply, 1)
	go func() { replied <- h.ui.Receive(instance.Request{Browser: &msg}) }()
	h.pump("the picker", func() bool { return h.ui.pickers.Showing() })
	if r := <-replied; r.Added != 2 || r.Error != "" {
		t.Errorf("reply = %+v, want 2 added", r)
	}
	add := h.dialogButton("Add ")
	if got := add.Text; got != "Add 2 pictures" {
		t.Errorf("add button = %q, want every picture chosen", got)
	}
	if got := h.ui.intake.label.Text; got != "2 pictures from the browser to choose from" {
		t.Errorf("intake line = %q", got)
	}
	test.Tap(add)
	h.waitRows(2)
	h.ui.batch.Start()
	h.waitTotals("2 saved · 0 skipped · 0 failed · 0 left")
	saved := h.readSaved()
	for name, body := range pics {
		if saved[name] != string(body) {
			t.Errorf("%s on disk differs from the served picture", name)
		}
	}
	leaked := false
	filepath.WalkDir(filepath.Dir(settings.NetworkPath(h.app)), func(path string, d os.DirEntry, err error) error {
		if b, err := os.ReadFile(path); err == nil && strings.Contains(string(b), "member") {
			leaked = true
		}
		return nil
	})
	if leaked {
		t.Error("the browser's cookie was written to Haul's settings")
	}
}

// TestALaunchWithALinkAndAMissingListHearsBoth: "haul URL list.txt" while
// the window runs adds the link as a link (not as a file of that name),
// and the launch hears that the list could not be read, so it does not
// end as if all was well.
func TestALaunchWithALinkAndAMissingListHearsBoth(t *testing.T) {
	h := newHarness(t, nil)
	urls := h.serve([]string{"a.png"}, fileBody)
	missing := filepath.Join(t.TempDir(), "gone.txt")
	replied := make(chan instance.Reply, 1)
	go func() { replied <- h.ui.Receive(instance.Request{Files: []string{urls[0], missing}}) }()
	var r instance.Reply
	h.pump("the reply", func() bool {
		select {
		case r = <-replied:
			return true
		default:
			return false
		}
	})
	if r.Added != 1 || !strings.Contains(r.Error, "gone.txt") {
		t.Errorf("reply = %+v, want the link added and the list's error", r)
	}
	h.waitRows(1)
	if got := h.ui.rows.at(0).URL; got != urls[0] {
		t.Errorf("the row is %s, want %s", got, urls[0])
	}
}
