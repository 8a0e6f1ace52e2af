package queue

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// tempDir is t.TempDir for tests that also run as Haul.exe's tests under
// Wine, whose file system lacks the call os.RemoveAll uses on Windows:
// when RemoveAll fails, the files are removed one by one, deepest first.
// A file left open still fails the test, as it would on Windows.
func tempDir(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "haul-queue-test-*")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if os.RemoveAll(dir) == nil {
			return
		}
		var paths []string
		filepath.WalkDir(dir, func(path string, _ fs.DirEntry, err error) error {
			paths = append(paths, path)
			return nil
		})
		slices.Reverse(paths)
		for _, p := range paths {
			if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
				t.Errorf("remove %s: %v", p, err)
			}
		}
	})
	return dir
}
