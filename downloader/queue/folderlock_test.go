//go:build unix

package queue

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestLockFolderSeesThroughLinks: a second store cannot lock the same
// output folder through a symbolic link, even with its own queue file;
// once the first closes, it can.
func TestLockFolderSeesThroughLinks(t *testing.T) {
	base := tempDir(t)
	real := filepath.Join(base, "pictures")
	link := filepath.Join(base, "link-to-pictures")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	first, _, _, err := Open(filepath.Join(base, "one.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := first.LockFolder(real, HolderGet); err != nil {
		t.Fatal(err)
	}
	second, _, _, err := Open(filepath.Join(base, "two.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	if err := second.LockFolder(link+"/", HolderGet); !errors.Is(err, ErrInUse) {
		t.Fatalf("second lock through the link: %v, want ErrInUse", err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if err := second.LockFolder(link, HolderGet); err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
}
