//go:build unix

package archive

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTheArchiveIsTheUsersAlone: the archive lists every link saved and
// the page it came from, so it is as private as the saved queue: its
// file, its log and Haul's folder of archives, new or left readable by an
// earlier Haul.
func TestTheArchiveIsTheUsersAlone(t *testing.T) {
	base := filepath.Join(t.TempDir(), "archive")
	dir := t.TempDir()
	path, _ := PathFor(base, dir)
	os.MkdirAll(base, 0o755)
	recorded(t, path, 5) // as an earlier Haul left it: readable by all
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		os.Chmod(p, 0o644)
	}
	f := NewFolders(base)
	defer f.Close()
	if err := f.Remember(dir, "http://127.0.0.1/new.jpg", "", ""); err != nil {
		t.Fatal(err)
	}
	fresh, _ := PathFor(base, t.TempDir())
	f2 := NewFolders(filepath.Dir(fresh))
	defer f2.Close()
	if err := f2.Remember(filepath.Join(dir, "other"), "http://127.0.0.1/a.jpg", "", ""); err != nil {
		t.Fatal(err)
	}
	want := map[string]os.FileMode{base: 0o700}
	matches, _ := filepath.Glob(filepath.Join(base, "*.sqlite*"))
	if len(matches) < 4 {
		t.Fatalf("the archives' files are %v", matches)
	}
	for _, p := range matches {
		want[p] = 0o600
	}
	for p, mode := range want {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != mode {
			t.Errorf("%s is %v, want %v", p, fi.Mode().Perm(), mode)
		}
	}
}

// TestAnArchiveGivenByPathIsPrivateWhereverItIs: haul get -archive FILE
// makes a private file in any folder, and leaves the folder as it was.
func TestAnArchiveGivenByPathIsPrivateWhereverItIs(t *testing.T) {
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	a, err := Open(filepath.Join(dir, "mine.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	a.Add(Entry{Link: "http://127.0.0.1/a.jpg"})
	defer a.Close()
	for p, mode := range map[string]os.FileMode{dir: 0o755, a.Path(): 0o600, a.Path() + "-wal": 0o600} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != mode {
			t.Errorf("%s: %v, want %v", p, fi.Mode().Perm(), mode)
		}
	}
}
