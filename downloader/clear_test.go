package downloader

import (
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/downloadtest"
)

// TestClearFinishedKeepsFailedItems: clearing the finished items removes
// the saved, skipped and canceled ones, and keeps the failed one with its
// reason, for its Retry, until failed items are cleared; the files on disk
// stay.
func TestClearFinishedKeepsFailedItems(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/saved.jpg", downloadtest.Picture(2000, 1))
	srv.Handle("/there.jpg", downloadtest.Picture(2000, 2))
	srv.Handle("/later.jpg", downloadtest.Picture(2000, 3))
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "there.jpg"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := testOptions(dir)
	opts.Limits.OnExists = SkipExisting
	m := New(opts)
	ids := addAll(t, m, srv.URL("/saved.jpg"), srv.URL("/there.jpg"), srv.URL("/missing.jpg"), srv.URL("/later.jpg"))
	m.Controls().Cancel(ids[3])
	runAll(t, m)
	want := []State{Done, Skipped, Failed, Canceled}
	for i, id := range ids {
		if it := mustItem(t, m, id); it.State != want[i] {
			t.Fatalf("item %d: %v, want %v", i, it.State, want[i])
		}
	}
	if n := m.Controls().ClearFinished(); n != 3 {
		t.Errorf("cleared %d items, want 3", n)
	}
	items, _ := m.Snapshot()
	if len(items) != 1 || items[0].ID != ids[2] || items[0].State != Failed || items[0].Err == nil {
		t.Errorf("left %+v, want the failed item alone, with its reason", items)
	}
	if s := m.Summary(); s.Total != 1 || s.Failed != 1 {
		t.Errorf("summary %+v, want one failed item", s)
	}
	if _, err := os.Stat(filepath.Join(dir, "saved.jpg")); err != nil {
		t.Errorf("the saved file went with its row: %v", err)
	}
	if n := m.Controls().ClearFailed(); n != 1 || m.Summary().Total != 0 {
		t.Errorf("clearing failed items removed %d, left %+v", n, m.Summary())
	}
}
