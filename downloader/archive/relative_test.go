package archive

import (
	"os"
	"path/filepath"
	"testing"
)

// TestAnArchiveOpensAtAnyPath: haul get -archive takes a relative path
// and names with characters a URI gives a meaning to.
func TestAnArchiveOpensAtAnyPath(t *testing.T) {
	tests := []string{"a.sqlite", "sub/a.sqlite", "./a b.sqlite", "what?#100%.sqlite", "照片 档案.sqlite", "../up.sqlite"}
	for _, name := range tests {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "work")
			os.MkdirAll(dir, 0o755)
			t.Chdir(dir)
			a, err := Open(name)
			if err != nil {
				t.Fatalf("Open(%q): %v", name, err)
			}
			if err := a.Add(Entry{Link: "http://127.0.0.1/a.jpg"}); err != nil {
				t.Fatal(err)
			}
			a.Close()
			if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
				t.Errorf("the archive is not where it was asked for: %v", err)
			}
			a, err = Open(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			if held, err := a.HasLink("http://127.0.0.1/a.jpg"); !held || err != nil {
				t.Errorf("the link recorded is not held: %v %v", held, err)
			}
		})
	}
}
