package gui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"haul/downloader/downloadtest"
	"haul/downloader/watch"
	"haul/downloader/watch/watchtest"
	"haul/gui/guitest"
)

// TestWatchedPagesAreCheckedWhenTheWindowOpens: a page on the watched
// list is checked when the window opens, its pictures saved into its
// folder; the Watched tab says what the check found and sets how often a
// page is checked; a page watched from the window joins the list, in the
// window's folder.
func TestWatchedPagesAreCheckedWhenTheWindowOpens(t *testing.T) {
	h := newHarness(t, nil)
	var html strings.Builder
	for i := range 3 {
		fmt.Fprintf(&html, `<a href="/w/p%d.png">%d</a>`, i, i)
	}
	names := []string{"p0.png", "p1.png", "p2.png"}
	h.serve(names, fileBody)
	for _, name := range names {
		h.srv.Handle("/w/"+name, fileBody(name))
	}
	h.srv.Handle("/w", []byte(html.String()), downloadtest.Header("Content-Type", "text/html"))
	folder := t.TempDir()
	path := filepath.Join(t.TempDir(), "watched.json")
	list := watch.Open(path)
	list.Add(watch.Page{URL: h.srv.URL("/w"), Dir: folder, Every: time.Hour})
	clock := watchtest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	h.cfg.watchList, h.cfg.watchClock = path, clock
	h.reopen()
	<-clock.Waiting // the first round is over
	if got := len(guitest.ReadFiles(t, folder)); got != 3 {
		t.Errorf("the watched page's folder holds %d files, want 3", got)
	}
	pages, _ := list.Pages()
	if len(pages) != 1 || pages[0].New != 3 {
		t.Fatalf("the list says %+v", pages)
	}
	h.pump("the Watched tab to show the check", func() bool {
		h.ui.watched.tab()
		return strings.Contains(watchedText(h.ui.watched), "3 new")
	})
	h.ui.watched.add(h.srv.URL("/other"))
	pages, _ = list.Pages()
	if len(pages) != 2 || pages[1].Dir != h.dir {
		t.Errorf("after Watch this page the list is %+v", pages)
	}
	var every *widget.Select
	guitest.Walk(h.ui.watched.row(pages[0]), func(o fyne.CanvasObject) {
		if s, ok := o.(*widget.Select); ok {
			every = s
		}
	})
	every.SetSelected("every 24 h")
	if pages, _ = list.Pages(); pages[0].Every != 24*time.Hour || pages[0].New != 3 {
		t.Errorf("after choosing every 24 h the page is %+v", pages[0])
	}
}

// watchedText is the text of the Watched tab's rows.
func watchedText(w *watched) string {
	var b strings.Builder
	guitest.Walk(w.rows, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok {
			b.WriteString(l.Text + "\n")
		}
	})
	return b.String()
}
