//go:build windows

package downloader

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMarkFromInternet(t *testing.T) {
	path := filepath.Join(t.TempDir(), "photo.jpg")
	if err := os.WriteFile(path, []byte("picture"), 0o644); err != nil {
		t.Fatal(err)
	}
	markFromInternet(path, "https://user:pw@pics.example/photo.jpg#x", "https://pics.example/gallery")
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
