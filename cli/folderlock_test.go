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
// own state file or with none, is refused with a clear message.
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
	if err := running.LockFolder(real, queue.HolderGet); err != nil {
		t.Fatal(err)
	}
	for _, state := range []string{filepath.Join(base, "other.jsonl"), "off"} {
		r := runGet(t.Context(), "", "-o", link, "-state", state, "http://127.0.0.1:9/a.jpg")
		if r.code != exitFailed || !strings.Contains(r.stderr, "already downloading into "+link) {
			t.Errorf("-state %s: exit %d\n%s", state, r.code, r.stderr)
		}
	}
}

// TestRunWithoutStateHoldsTheFolder: a run that keeps no queue holds its
// folder all the same, so it is refused while another run holds it, and
// it lets the folder go when it ends.
func TestRunWithoutStateHoldsTheFolder(t *testing.T) {
	out := t.TempDir()
	held, err := queue.HoldFolder(out, queue.HolderGet)
	if err != nil {
		t.Fatal(err)
	}
	r := runGet(t.Context(), "", "-q", "-o", out, "-state", "off", "http://127.0.0.1:9/a.jpg")
	if r.code != exitFailed || !strings.Contains(r.stderr, "already downloading into "+out) {
		t.Errorf("while held: exit %d\n%s", r.code, r.stderr)
	}
	if err := held.Close(); err != nil {
		t.Fatal(err)
	}
	r = runGet(t.Context(), "", "-q", "-retries", "0", "-o", out, "-state", "off", "http://127.0.0.1:9/a.jpg")
	if strings.Contains(r.stderr, "already downloading") {
		t.Errorf("refused once the folder was free:\n%s", r.stderr)
	}
	again, err := queue.HoldFolder(out, queue.HolderGet)
	if err != nil {
		t.Fatalf("the folder is still held after the run ended: %v", err)
	}
	again.Close()
}

// TestRunIntoTheWindowsFolderIsRefused: while the window holds a folder,
// haul get into it is refused with words that name the window.
func TestRunIntoTheWindowsFolderIsRefused(t *testing.T) {
	out := t.TempDir()
	held, err := queue.HoldFolder(out, queue.HolderWindow)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	for _, state := range []string{filepath.Join(t.TempDir(), "q.jsonl"), "off"} {
		r := runGet(t.Context(), "", "-o", out, "-state", state, "http://127.0.0.1:9/a.jpg")
		if r.code != exitFailed || !strings.Contains(r.stderr, "Haul's window is downloading into "+out) {
			t.Errorf("-state %s: exit %d\n%s", state, r.code, r.stderr)
		}
	}
}
