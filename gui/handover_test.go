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
	h.waitTotals("2 saved · 0 skipped · 0 failed · 0 left") // Add starts them: the user already said save

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

// TestEveryTabOfAWindowInOnePicker hands over three pages at once, as
// "Save pictures from all tabs of this window" does: one picker shows them
// grouped by page, each page's clutter left out; adding saves them.
func TestEveryTabOfAWindowInOnePicker(t *testing.T) {
	h := newHarness(t, nil)
	pics := h.serve([]string{"a1.png", "a2.png", "b1.png", "c1.png", "logo.png"}, fileBody)
	page := func(p string) browser.Page { return browser.Page{URL: h.srv.URL(p), Title: "Tab " + p} }
	html := func(links ...string) string {
		var b strings.Builder
		b.WriteString(`<html><body><header><img src="` + pics[4] + `" alt="Logo"></header><div class="pics">`)
		for _, l := range links {
			b.WriteString(`<img src="` + l + `">`)
		}
		b.WriteString(`</div></body></html>`)
		return b.String()
	}
	msg := browser.Message{Type: browser.TypePictures, Page: page("/a"), Links: []string{pics[4], pics[0], pics[1]}, HTML: html(pics[0], pics[1]),
		Tabs: []browser.Tab{
			{Page: page("/b"), Links: []string{pics[4], pics[2]}, HTML: html(pics[2])},
			{Page: page("/c"), Links: []string{pics[4], pics[3]}, HTML: html(pics[3])},
		}}
	replied := make(chan instance.Reply, 1)
	go func() { replied <- h.ui.Receive(instance.Request{Browser: &msg}) }()
	h.pump("the picker", func() bool { return h.ui.pickers.Showing() })
	if r := <-replied; r.Added != 7 {
		t.Errorf("reply = %+v, want the 7 pictures of 3 pages shown", r)
	}
	if !h.dialogLabel("7 pictures found on 3 pages · 4 chosen") {
		t.Error("the picker does not say it found 7 pictures on 3 pages, 4 chosen")
	}
	add := h.dialogButton("Add ")
	if got := add.Text; got != "Add 4 pictures" {
		t.Errorf("add button = %q, want the 4 pictures the pages are about", got)
	}
	test.Tap(add)
	h.waitTotals("4 saved · 0 skipped · 0 failed · 0 left")
}

// TestPicturesSavedAtOnceFromTheBrowser takes a page's pictures the user
// asked to save without choosing: the ones the page is about are saved at
// once, without the picker, and the reply says what was left out.
func TestPicturesSavedAtOnceFromTheBrowser(t *testing.T) {
	h := newHarness(t, nil)
	pics := h.serve([]string{"p1.png", "p2.png", "ad.png"}, fileBody)
	msg := browser.Message{Type: browser.TypePictures, Page: browser.Page{URL: h.srv.URL("/post"), Title: "Post"}, AtOnce: true,
		Links: pics, HTML: `<html><body><div class="pics"><img src="` + pics[0] + `"><img src="` + pics[1] + `"></div>` +
			`<div class="ad"><img src="` + pics[2] + `"></div></body></html>`}
	replied := make(chan instance.Reply, 1)
	go func() { replied <- h.ui.Receive(instance.Request{Browser: &msg}) }()
	var r instance.Reply
	h.pump("the reply", func() bool {
		select {
		case r = <-replied:
			return true
		default:
			return false
		}
	})
	if r.Added != 2 || r.Note != "2 to save; 1 picture left out: ads" {
		t.Errorf("reply = %+v, want 2 added and the ad left out", r)
	}
	if h.ui.pickers.Showing() {
		t.Error("the picker opened, though the user asked not to choose")
	}
	h.waitTotals("2 saved · 0 skipped · 0 failed · 0 left")
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
