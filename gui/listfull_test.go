package gui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"haul/browser"
	"haul/downloader"
	"haul/downloader/pages"
	"haul/gui/picker"
	"haul/instance"
)

// newCappedHarness is a harness whose list holds at most max links, the
// engine's cap made small so that a test fills it with a few links.
func newCappedHarness(t *testing.T, max int) *harness {
	t.Helper()
	h := newHarness(t, nil)
	opts := h.cfg.options
	h.cfg.options = func(o *downloader.Options) {
		opts(o)
		o.MaxLinks = max
	}
	h.reopen()
	return h
}

// TestEveryWayInSaysOnceThatTheListIsFull fills a list of 3 with two
// links, then adds five by each way in that does not count beforehand:
// one fits, and the intake line says once how many were not added, with
// no line per link; the browser's reply says it too.
func TestEveryWayInSaysOnceThatTheListIsFull(t *testing.T) {
	links := func(prefix string) []string {
		var out []string
		for i := range 5 {
			out = append(out, fmt.Sprintf("http://127.0.0.1:1/%s%d.png", prefix, i))
		}
		return out
	}
	tests := []struct {
		name string
		add  func(h *harness)
		want string
	}{
		{"the picker", func(h *harness) {
			page := "http://127.0.0.1:1/gallery.html"
			var images []pages.Image
			for _, l := range links("p") {
				images = append(images, pages.Image{URL: l, Page: page})
			}
			h.ui.ShowPictures(picker.Source{Page: page, Images: images})
			test.Tap(h.dialogButton("Add "))
		}, "Added 1 link · The list is full (200,000 links): 4 pictures were not added. Clear finished links (Ctrl+L) to make room, then add them again"},
		{"links from the browser", func(h *harness) {
			msg := browser.Message{Type: browser.TypeLinks, Page: browser.Page{URL: "http://127.0.0.1:1/page"}, Links: links("b")}
			replied := make(chan instance.Reply, 1)
			go func() { replied <- h.ui.Receive(instance.Request{Browser: &msg}) }()
			h.pump("the reply", func() bool { return len(replied) == 1 })
			want := "The list is full (200,000 links): 4 links were not added. Clear finished links (Ctrl+L) to make room, then add them again"
			if r := <-replied; r.Added != 1 || r.NotAdded != 4 || r.Note != want {
				t.Errorf("reply = %+v, want 1 added and 4 not, saying why", r)
			}
		}, "Added 1 link · The list is full (200,000 links): 4 links were not added. Clear finished links (Ctrl+L) to make room, then add them again"},
		{"a paste", func(h *harness) { h.paste(strings.Join(links("t"), "\n")) },
			"Added 1 link · The list is full (200,000 links): 4 links were not added. Clear finished links (Ctrl+L) to make room, then add them again"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCappedHarness(t, 3)
			h.paste("http://127.0.0.1:1/held1.png http://127.0.0.1:1/held2.png")
			h.waitRows(2)
			h.ui.intake.set("", nil)
			tt.add(h)
			h.pump(tt.name, func() bool { return h.ui.intake.label.Text != "" })
			if got := h.ui.intake.label.Text; got != tt.want {
				t.Errorf("intake line = %q\nwant          %q", got, tt.want)
			}
			if h.ui.intake.show.Visible() || len(h.ui.intake.problems) != 0 {
				t.Errorf("%d lines listed as problems, want none", len(h.ui.intake.problems))
			}
			h.waitRows(3)
			if total := h.ui.m.Summary().Total; total != 3 {
				t.Errorf("the list holds %d links, want 3", total)
			}
		})
	}
}
