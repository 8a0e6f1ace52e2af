package downloader

import (
	"fmt"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
	"haul/downloader/links"
)

// TestFullListRefusesNewLinks: once the list holds Options.MaxLinks items,
// whatever adds a new link gets it back as list-full, while a link already
// in the list is still a duplicate and a bad link still bad.
func TestFullListRefusesNewLinks(t *testing.T) {
	page := Page{URL: "http://127.0.0.1:1/gallery", Title: "Cats"}
	tests := []struct {
		name   string
		limits Limits
		held   []string // added first
		add    func(m *Manager) ([]ID, []Rejected)
		added  int
		want   []links.Reason
	}{
		{"room for all", Limits{}, nil, func(m *Manager) ([]ID, []Rejected) {
			return m.Add("http://127.0.0.1:1/1", "http://127.0.0.1:1/2", "http://127.0.0.1:1/3")
		}, 3, nil},
		{"past the cap", Limits{}, []string{"http://127.0.0.1:1/1"}, func(m *Manager) ([]ID, []Rejected) {
			return m.Add("http://127.0.0.1:1/2", "http://127.0.0.1:1/3", "http://127.0.0.1:1/4", "http://127.0.0.1:1/5")
		}, 2, []links.Reason{links.ReasonListFull, links.ReasonListFull}},
		{"a duplicate and a bad link keep their reasons", Limits{}, []string{"http://127.0.0.1:1/1", "http://127.0.0.1:1/2", "http://127.0.0.1:1/3"},
			func(m *Manager) ([]ID, []Rejected) {
				return m.Add("http://127.0.0.1:1/1", "ftp://127.0.0.1/x", "http://127.0.0.1:1/4")
			}, 0, []links.Reason{links.ReasonDuplicate, links.ReasonScheme, links.ReasonListFull}},
		{"pictures of a page", Limits{}, []string{"http://127.0.0.1:1/1"}, func(m *Manager) ([]ID, []Rejected) {
			return m.Intake().AddFromPage(page.URL, "http://127.0.0.1:1/a.jpg", "http://127.0.0.1:1/b.jpg", "http://127.0.0.1:1/c.jpg")
		}, 2, []links.Reason{links.ReasonListFull}},
		{"pictures placed in page folders", Limits{PageFolders: true, NameTemplate: "{page}-{n}"}, []string{"http://127.0.0.1:1/1", "http://127.0.0.1:1/2"},
			func(m *Manager) ([]ID, []Rejected) {
				return m.Intake().AddPagePictures(page, "http://127.0.0.1:1/a.jpg", "http://127.0.0.1:1/b.jpg", "http://127.0.0.1:1/c.jpg")
			}, 1, []links.Reason{links.ReasonListFull, links.ReasonListFull}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := testOptions(t.TempDir())
			o.MaxLinks, o.Limits = 3, tt.limits
			m := New(o)
			if len(tt.held) > 0 {
				addAll(t, m, tt.held...)
			}
			ids, rejected := tt.add(m)
			var got []links.Reason
			for _, r := range rejected {
				got = append(got, r.Reason)
				if r.Duplicate != (r.Reason == links.ReasonDuplicate) {
					t.Errorf("%s: Duplicate %v for reason %s", r.URL, r.Duplicate, r.Reason)
				}
			}
			if len(ids) != tt.added || fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Fatalf("added %d, rejected %v; want %d, %v", len(ids), got, tt.added, tt.want)
			}
			if total := m.Summary().Total; total > 3 {
				t.Errorf("the list holds %d, past its cap of 3", total)
			}
			if n, want := ListFull(rejected), strings.Count(fmt.Sprint(tt.want), string(links.ReasonListFull)); n != want {
				t.Errorf("ListFull = %d, want %d", n, want)
			}
		})
	}
}

// TestFinishedItemsHoldTheirPlaceUntilCleared: finished items count
// against the cap, as the window counts them, until they are cleared.
func TestFinishedItemsHoldTheirPlaceUntilCleared(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/a.bin", []byte("a"))
	srv.Handle("/b.bin", []byte("b"))
	srv.Handle("/c.bin", []byte("c"))
	o := testOptions(t.TempDir())
	o.MaxLinks = 2
	m := New(o)
	addAll(t, m, srv.URL("/a.bin"), srv.URL("/b.bin"))
	if s := runAll(t, m); s.Done != 2 {
		t.Fatalf("summary %+v", s)
	}
	if ids, rejected := m.Add(srv.URL("/c.bin")); len(ids) != 0 || ListFull(rejected) != 1 {
		t.Fatalf("added %d to a list full of finished items, rejected %+v", len(ids), rejected)
	}
	if n := m.Controls().ClearFinished(); n != 2 {
		t.Fatalf("cleared %d, want 2", n)
	}
	if ids, rejected := m.Add(srv.URL("/c.bin")); len(ids) != 1 || len(rejected) != 0 {
		t.Fatalf("after clearing: added %d, rejected %+v", len(ids), rejected)
	}
}

// TestPageReadWhenTheListIsFullSaysHowManyPicturesWereLeftOut: a link
// that turns out to be a page queues the pictures that fit, and its note
// says how many did not.
func TestPageReadWhenTheListIsFullSaysHowManyPicturesWereLeftOut(t *testing.T) {
	srv := newServer(t)
	var html strings.Builder
	html.WriteString("<html><body>")
	for i := range 5 {
		srv.Handle(fmt.Sprintf("/img/p%d.png", i), pngOf(t, 16+i, 16, uint8(i)))
		fmt.Fprintf(&html, `<img src="/img/p%d.png" width=400 height=300>`, i)
	}
	html.WriteString("</body></html>")
	srv.Handle("/gallery", []byte(html.String()), downloadtest.Header("Content-Type", "text/html; charset=utf-8"))
	o := testOptions(t.TempDir())
	o.MaxLinks = 3
	m := New(o)
	ids := addAll(t, m, srv.URL("/gallery"))
	s := runAll(t, m)
	if s.Done != 2 || s.Skipped != 1 || s.Total != 3 {
		t.Fatalf("summary %+v, want the page and the 2 pictures that fit", s)
	}
	if page := mustItem(t, m, ids[0]); page.Note != (Note{Kind: NotePage, Count: 5, NotAdded: 3}) {
		t.Errorf("page note %+v, want 5 found and 3 not added", page.Note)
	}
}
