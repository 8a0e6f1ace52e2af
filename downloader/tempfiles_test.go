package downloader

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/downloadtest"
)

// TestServerChosenPartNameDoesNotCollide: a server that names its file
// "x.jpg.part" cannot make it share a path with the temporary file of the
// item saved as "x.jpg".
func TestServerChosenPartNameDoesNotCollide(t *testing.T) {
	srv := newServer(t)
	plain, sneaky := downloadtest.Picture(300<<10, 11), downloadtest.Data(200<<10, 12)
	srv.Handle("/x.jpg", plain, downloadtest.Throttle(4<<20))
	srv.Handle("/other", sneaky, downloadtest.Header("Content-Disposition", `attachment; filename="x.jpg.part"`))
	dir := t.TempDir()
	m := New(testOptions(dir))
	ids := addAll(t, m, srv.URL("/x.jpg"), srv.URL("/other"))
	runAll(t, m)
	for _, id := range ids {
		if it := mustItem(t, m, id); it.State != Done {
			t.Fatalf("%s: %v (%v)", it.URL, it.State, it.Err)
		}
	}
	if fileSum(t, filepath.Join(dir, "x.jpg")) != sum256(plain) {
		t.Error("x.jpg is not the server's file")
	}
	saved := mustItem(t, m, ids[1]).Path
	if filepath.Base(saved) == "x.jpg.part" || fileSum(t, saved) != sum256(sneaky) {
		t.Errorf("the file named x.jpg.part by its server was saved as %s", saved)
	}
}

// TestPartFileThatIsALinkIsNeverWrittenThrough: a temporary file replaced
// by a symbolic link to another file is left alone, the link's target is
// untouched, and the download is saved under another name.
func TestPartFileThatIsALinkIsNeverWrittenThrough(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(100<<10, 13)
	srv.Handle("/file.bin", body)
	dir, elsewhere := t.TempDir(), t.TempDir()
	victim := filepath.Join(elsewhere, "precious.txt")
	precious := []byte("the user's own file")
	if err := os.WriteFile(victim, precious, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(dir, "file.bin.part")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	m := New(testOptions(dir))
	ids := m.Saved().Restore([]Record{{URL: srv.URL("/file.bin"), Dir: dir, Name: "file.bin", State: "queued",
		OwnsPart: true, ETag: `"x"`, Total: int64(len(body))}})
	runAll(t, m)
	it := mustItem(t, m, ids[0])
	if it.State != Done {
		t.Fatalf("state %v (%v), want Done", it.State, it.Err)
	}
	if got, _ := os.ReadFile(victim); !bytes.Equal(got, precious) {
		t.Fatalf("the link's target was written: %q", got)
	}
	if fileSum(t, it.Path) != sum256(body) || filepath.Base(it.Path) == "file.bin.part" {
		t.Errorf("saved as %s", it.Path)
	}
}
