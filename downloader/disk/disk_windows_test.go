//go:build windows

package disk

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMarkFromInternet(t *testing.T) {
	path := filepath.Join(markedFolder(t), "photo.jpg")
	if err := os.WriteFile(path, []byte("picture"), 0o644); err != nil {
		t.Fatal(err)
	}
	MarkFromInternet(path, "https://user:pw@pics.example/photo.jpg#x", "https://pics.example/gallery")
	got, err := os.ReadFile(path + ":Zone.Identifier")
	if err != nil {
		t.Skipf("no alternate data streams here: %v", err)
	}
	want := "[ZoneTransfer]\r\nZoneId=3\r\nReferrerUrl=https://pics.example/gallery\r\nHostUrl=https://pics.example/photo.jpg\r\n"
	if string(got) != want {
		t.Errorf("Zone.Identifier = %q, want %q", got, want)
	}
	if strings.Contains(string(got), "pw") {
		t.Error("the password is in the mark")
	}
}

// markedFolder is a new folder removed file by file when the test ends:
// under Wine, where the mark is a file of its own, the removal of a whole
// folder that t.TempDir does fails.
func markedFolder(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "zone")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			os.Remove(filepath.Join(dir, e.Name()))
		}
		if err := os.Remove(dir); err != nil {
			t.Logf("the test folder stays: %v", err)
		}
	})
	return dir
}
