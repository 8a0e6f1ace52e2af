package sqlitefile

import (
	"net/url"
	"path/filepath"
	"testing"
)

func TestEveryPathIsAFileURIWithoutAnAuthority(t *testing.T) {
	q := url.Values{"mode": {"ro"}}
	tests := []struct {
		path, want string
	}{
		{"/home/a/x.sqlite", "file:///home/a/x.sqlite?mode=ro"},
		{"C:/Users/a/x.sqlite", "file:///C:/Users/a/x.sqlite?mode=ro"},
		{"/a b/c?d#e%f.sqlite", "file:///a%20b/c%3Fd%23e%25f.sqlite?mode=ro"},
		{"/照片/档案.sqlite", "file:///%E7%85%A7%E7%89%87/%E6%A1%A3%E6%A1%88.sqlite?mode=ro"},
		{"//server/share/x.sqlite", "file:////server/share/x.sqlite?mode=ro"},
	}
	for _, tt := range tests {
		if got := fromSlashed(tt.path, q); got != tt.want {
			t.Errorf("fromSlashed(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

func TestARelativePathIsTakenFromTheWorkingFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	got, err := URI("a.sqlite", nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := fromSlashed(filepath.ToSlash(filepath.Join(dir, "a.sqlite")), nil); got != want {
		t.Errorf("URI(a.sqlite) = %q, want %q", got, want)
	}
}
