package downloader

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"haul/downloader/downloadtest"
)

// TestListEditRemovesOneByOne: Remove takes off a saved item (its file
// stays), a queued one and a paused one, and leaves the rest.
func TestListEditRemovesOneByOne(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/a.jpg", downloadtest.Picture(1000, 1))
	dir := t.TempDir()
	m := New(testOptions(dir))
	saved := addAll(t, m, srv.URL("/a.jpg"))[0]
	runAll(t, m)
	ids := addAll(t, m, srv.URL("/b.jpg"), srv.URL("/c.jpg"), srv.URL("/d.jpg"))
	m.Controls().Pause(ids[1])
	removed, pending := EditList(m).Remove(saved, ids[0], ids[1])
	if removed != 3 || len(pending) != 0 {
		t.Fatalf("removed %d, pending %v; want 3 and none", removed, pending)
	}
	items, sum := m.Snapshot()
	if len(items) != 1 || items[0].ID != ids[2] || sum.Total != 1 {
		t.Errorf("left %+v (%+v), want d.jpg alone", items, sum)
	}
	if _, err := os.Stat(filepath.Join(dir, "a.jpg")); err != nil {
		t.Errorf("the saved file went with its row: %v", err)
	}
}

// TestListEditMovesAndStartsInThatOrder: an item moved to the top is
// ranked first and downloaded first; one moved to the bottom is ranked
// last, before the items added later.
func TestListEditMovesAndStartsInThatOrder(t *testing.T) {
	srv := newServer(t)
	names := []string{"/1.jpg", "/2.jpg", "/3.jpg", "/4.jpg"}
	var links []string
	for i, n := range names {
		srv.Handle(n, downloadtest.Picture(500, int64(i)))
		links = append(links, srv.URL(n))
	}
	opts := testOptions(t.TempDir())
	opts.Limits.Concurrency = 1
	m := New(opts)
	ids := addAll(t, m, links...)
	edit := EditList(m)
	if n := edit.MoveToTop(ids[3]); n != 1 {
		t.Fatalf("moved %d to the top", n)
	}
	edit.MoveToBottom(ids[0])
	later := addAll(t, m, srv.URL("/later.jpg"))[0]
	items, _ := m.Snapshot()
	slices.SortFunc(items, func(a, b ItemSnapshot) int { return int(a.Rank - b.Rank) })
	var got []ID
	for _, it := range items {
		got = append(got, it.ID)
	}
	if want := []ID{ids[3], ids[1], ids[2], ids[0], later}; !slices.Equal(got, want) {
		t.Fatalf("ranked %v, want %v", got, want)
	}
	runAll(t, m)
	first := mustItem(t, m, ids[3])
	for _, id := range ids[:3] {
		if it := mustItem(t, m, id); !it.Started.After(first.Started) {
			t.Errorf("item %d started at %v, before the one moved to the top (%v)", id, it.Started, first.Started)
		}
	}
	if a, b := mustItem(t, m, ids[0]), mustItem(t, m, ids[2]); !a.Started.After(b.Started) {
		t.Error("the item moved to the bottom started before the one above it")
	}
}

// TestListEditRenamesBeforeTheStart: a name given before the start is the
// file's, with the extension the file has; once named, an item keeps its
// name; an empty name is refused.
func TestListEditRenamesBeforeTheStart(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/x.png", downloadtest.PictureNamed("x.png", 800, 1))
	dir := t.TempDir()
	m := New(testOptions(dir))
	id := addAll(t, m, srv.URL("/x.png"))[0]
	edit := EditList(m)
	if err := edit.Rename(id, "  "); !errors.Is(err, ErrNoName) {
		t.Errorf("an empty name: %v", err)
	}
	if err := edit.Rename(id, "my cat.jpg"); err != nil {
		t.Fatal(err)
	}
	if it := mustItem(t, m, id); it.Given != "my cat" {
		t.Errorf("the row is to show %q", it.Given)
	}
	runAll(t, m)
	if _, err := os.Stat(filepath.Join(dir, "my cat.png")); err != nil {
		t.Errorf("not saved under the given name: %v", err)
	}
	if err := edit.Rename(id, "other"); !errors.Is(err, ErrStarted) {
		t.Errorf("renaming a saved item: %v", err)
	}
}
