package downloader

import (
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/downloadtest"
)

// TestEmptyPictureFails serves 0-byte files: where a picture is expected
// that is a failure, never a saved empty photo; an empty text file is kept.
func TestEmptyPictureFails(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/empty.jpg", nil)
	srv.Handle("/typed", nil, downloadtest.Header("Content-Type", "image/png"))
	srv.Handle("/empty.txt", nil)
	dir := t.TempDir()
	m := New(testOptions(dir))
	ids := addAll(t, m, srv.URL("/empty.jpg"), srv.URL("/typed"), srv.URL("/empty.txt"))
	runAll(t, m)
	for _, id := range ids[:2] {
		it := mustItem(t, m, id)
		if it.State != Failed || it.Err == nil || it.Err.Reason != ReasonEmptyFile {
			t.Errorf("%s: %v %#v, want failed: empty file", it.URL, it.State, it.Err)
		}
	}
	if text := mustItem(t, m, ids[2]); text.State != Done {
		t.Errorf("empty text file: %v %#v, want saved", text.State, text.Err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "empty.txt" && filepath.Ext(e.Name()) != ".jsonl" {
			t.Errorf("%s is in the folder; only empty.txt should be", e.Name())
		}
	}
}
