//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/queue"
)

// TestSecondRunIntoTheSameFolderThroughALinkIsRefused: while one run holds
// a folder, a run into the same folder through a symbolic link, with its
// own state file, is refused with a clear message.
func TestSecondRunIntoTheSameFolderThroughALinkIsRefused(t *testing.T) {
	base := t.TempDir()
	real := filepath.Join(base, "out")
	link := filepath.Join(base, "same-out")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	running, _, _, err := queue.Open(filepath.Join(base, "running.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer running.Close()
	if err := running.LockFolder(real); err != nil {
		t.Fatal(err)
	}
	r := runGet(t.Context(), "", "-o", link, "-state", filepath.Join(base, "other.jsonl"), "http://127.0.0.1:9/a.jpg")
	if r.code != exitFailed || !strings.Contains(r.stderr, "already downloading into "+link) {
		t.Errorf("exit %d\n%s", r.code, r.stderr)
	}
}
