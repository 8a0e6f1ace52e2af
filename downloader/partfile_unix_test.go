//go:build unix

package downloader

import (
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"

	"haul/downloader/downloadtest"
)

// removeLeftoverSupported says the temporary file at path carries Haul's note.
func removeLeftoverSupported(path string) bool {
	_, err := unix.Lgetxattr(path, partTagName, nil)
	return err == nil
}

// TestLeftoverAfterALostQueueIsNotOrphaned: a run stopped partway leaves a
// temporary file; with its queue lost, the next run of the same link
// recognises the file as its own and saves under the same name, leaving no
// orphan and no "file (2).bin".
func TestLeftoverAfterALostQueueIsNotOrphaned(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(512<<10, 14)
	srv.Handle("/file.bin", body, downloadtest.Throttle(256<<10))
	dir := t.TempDir()
	first := New(testOptions(dir))
	startWith(t, first, srv.URL("/file.bin"))
	first.Stop()
	if parts := partFiles(t, dir); len(parts) != 1 {
		t.Fatalf("the stopped run left %v, want one temporary file", parts)
	}
	if !removeLeftoverSupported(filepath.Join(dir, "file.bin.part")) {
		t.Skip("this file system keeps no extended attributes")
	}
	second := New(testOptions(dir))
	ids := addAll(t, second, srv.URL("/file.bin"))
	runAll(t, second)
	if it := mustItem(t, second, ids[0]); it.State != Done || it.Name != "file.bin" {
		t.Fatalf("%v as %q (%v), want Done as file.bin", it.State, it.Name, it.Err)
	}
	if files := allFiles(t, dir); len(files) != 1 || fileSum(t, filepath.Join(dir, "file.bin")) != sum256(body) {
		t.Errorf("folder holds %v, want file.bin alone", files)
	}
}
