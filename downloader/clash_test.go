package downloader

import (
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/disk"
	"haul/downloader/downloadtest"
)

// TestNameTakenWhileDownloading: files of the item's name, and of its next
// numbered name, appear while it downloads (the user saved their own): the
// download moves to the next free name and both of the user's files are
// left as they were.
func TestNameTakenWhileDownloading(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(smallFileMax+1000, 3) // beyond the in-memory path: saved through a temporary name
	srv.Handle("/file.bin", body)
	dir := t.TempDir()
	m := New(testOptions(dir))
	users := map[string][]byte{"file.bin": []byte("the user's own"), "file (2).bin": []byte("and another")}
	open := m.disk.OpenPart
	m.disk.OpenPart = func(path string, offset int64, exclusive bool) (disk.PartFile, error) {
		for name, b := range users {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				t.Error(err)
			}
		}
		return open(path, offset, exclusive)
	}
	id := mustSaveAs(t, m, srv.URL("/file.bin"), "file (3).bin", body).ID
	for name, b := range users {
		if fileSum(t, filepath.Join(dir, name)) != sum256(b) {
			t.Errorf("the user's %s changed", name)
		}
	}
	if parts := partFiles(t, dir); len(parts) != 0 {
		t.Errorf("temporary files %v left", parts)
	}
	if n, holder := m.names.Count(), m.names.HeldBy(dir, "file (3).bin"); n != 1 || holder != id {
		t.Errorf("%d names held, file (3).bin by item %d, want only file (3).bin, by item %d", n, holder, id)
	}
}
