package downloader

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/downloadtest"
)

// The engine looks at an output folder once for what it held, then only at
// what each save needs. These tests hold it to what it promised before:
// a folder removed during a run is made again, and a temporary file that
// appears in the folder during a run is never written over.

// TestFolderRemovedDuringARunIsMadeAgain: once a file was saved into a
// folder, removing the folder does not fail the next file saved there,
// small (saved without a temporary name) or large (through its temporary
// file).
func TestFolderRemovedDuringARunIsMadeAgain(t *testing.T) {
	srv := newServer(t)
	bodies := map[string][]byte{
		"/first.bin": downloadtest.Data(2000, 1),
		"/small.bin": downloadtest.Data(3000, 2),
		"/large.bin": downloadtest.Data(smallFileMax+4096, 3),
	}
	for path, body := range bodies {
		srv.Handle(path, body)
	}
	dir := filepath.Join(t.TempDir(), "out")
	m := New(testOptions(dir))
	addAll(t, m, srv.URL("/first.bin"))
	if s := runAll(t, m); s.Done != 1 {
		t.Fatalf("first batch: %+v", s)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	addAll(t, m, srv.URL("/small.bin"), srv.URL("/large.bin"))
	if s := runAll(t, m); s.Done != 3 || s.Failed != 0 {
		t.Fatalf("second batch: %+v", s)
	}
	for _, name := range []string{"small.bin", "large.bin"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, bodies["/"+name]) {
			t.Errorf("%s: saved bytes differ (%v)", name, err)
		}
	}
}

// TestTemporaryFileThatAppearsDuringARunIsLeftAlone: a file named like
// the temporary file of a download, made by another program after the
// folder was first looked at, is neither written over nor removed: the
// download takes the next free name.
func TestTemporaryFileThatAppearsDuringARunIsLeftAlone(t *testing.T) {
	srv := newServer(t)
	first := downloadtest.Data(2000, 4)
	large := downloadtest.Data(smallFileMax+4096, 5)
	srv.Handle("/first.bin", first)
	srv.Handle("/large.bin", large)
	dir := t.TempDir()
	m := New(testOptions(dir))
	addAll(t, m, srv.URL("/first.bin"))
	if s := runAll(t, m); s.Done != 1 {
		t.Fatalf("first batch: %+v", s)
	}
	foreign := []byte("another program's file")
	if err := os.WriteFile(filepath.Join(dir, "large.bin.part"), foreign, 0o644); err != nil {
		t.Fatal(err)
	}
	ids := addAll(t, m, srv.URL("/large.bin"))
	if s := runAll(t, m); s.Done != 2 || s.Failed != 0 {
		t.Fatalf("second batch: %+v", s)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "large.bin.part")); err != nil || !bytes.Equal(got, foreign) {
		t.Errorf("the other program's file was changed or removed (%v)", err)
	}
	it := mustItem(t, m, ids[0])
	if it.Name != "large (2).bin" {
		t.Errorf("saved as %q, want %q", it.Name, "large (2).bin")
	}
	if got, err := os.ReadFile(it.Path); err != nil || !bytes.Equal(got, large) {
		t.Errorf("saved bytes differ (%v)", err)
	}
}
