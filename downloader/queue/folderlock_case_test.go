//go:build unix || windows

package queue

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestLockFolderRefusesASecondQueue: a store with a queue of its own cannot
// lock an output folder another store holds, even named in other letter
// case where the system ignores case (Windows); once the first closes, it
// can.
func TestLockFolderRefusesASecondQueue(t *testing.T) {
	base := tempDir(t)
	dir := filepath.Join(base, "Pictures")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	other := dir
	if runtime.GOOS == "windows" {
		other = filepath.Join(base, "PICTURES")
	}
	first, _, _, err := Open(filepath.Join(base, "one.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := first.LockFolder(dir, HolderGet); err != nil {
		t.Fatal(err)
	}
	second, _, _, err := Open(filepath.Join(base, "two.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	if err := second.LockFolder(other, HolderGet); !errors.Is(err, ErrInUse) {
		t.Fatalf("second LockFolder(%s) = %v, want ErrInUse", other, err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if err := second.LockFolder(other, HolderGet); err != nil {
		t.Fatalf("LockFolder after the first store closed: %v", err)
	}
}
