//go:build unix

package watch

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTheListIsTheUsersAlone: the watched pages and their folders are the
// user's business: the file is 0600, also one an earlier Haul left
// readable by all, and a folder made for it 0700.
func TestTheListIsTheUsersAlone(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "haul")
	path := filepath.Join(dir, "watched.json")
	l := Open(path)
	if _, err := l.Add(Page{URL: "http://127.0.0.1/a"}); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o644)
	os.WriteFile(path+".new", nil, 0o644) // left by an earlier Haul
	if _, err := l.Add(Page{URL: "http://127.0.0.1/b"}); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]os.FileMode{path: 0o600, dir: 0o700} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: %v, want %v", p, fi.Mode().Perm(), want)
		}
	}
}
