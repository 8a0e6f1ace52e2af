//go:build unix

package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"

	"haul/downloader/downloadtest"
)

// TestStateOffResumesTheLeftover: haul get with -state off, interrupted
// partway, leaves a temporary file and no queue; the next run with -state
// off recognises the file as Haul's and asks only for the rest.
func TestStateOffResumesTheLeftover(t *testing.T) {
	s := newServer(t)
	body := downloadtest.Data(1<<20, 31)
	s.Handle("/video.bin", body, downloadtest.Throttle(2<<20))
	out := filepath.Join(t.TempDir(), "out")
	args := []string{"-o", out, "-state", "off", s.URL("/video.bin")}
	part := filepath.Join(out, "video.bin.part")

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	first := make(chan result, 1)
	go func() { first <- runGet(ctx, "", args...) }()
	waitForSize(t, part, int64(len(body)/3))
	cancel()
	if r := <-first; r.code != exitInterrupted {
		t.Fatalf("first run: exit %d, want 130; stdout:\n%s", r.code, r.stdout)
	}
	if _, err := unix.Lgetxattr(part, "user.haul.link", nil); err != nil {
		t.Skip("this file system keeps no extended attributes:", err)
	}
	sentBefore := s.BytesSent()

	if r := runGet(t.Context(), "", args...); r.code != exitOK {
		t.Fatalf("second run: exit %d, want 0; stdout:\n%s", r.code, r.stdout)
	}
	checkFiles(t, out, map[string][]byte{"video.bin": body})
	sent := s.BytesSent() - sentBefore
	if sent >= int64(len(body)) {
		t.Errorf("the second run was sent %d bytes of %d: the leftover was not resumed", sent, len(body))
	}
	t.Logf("the second run was sent %d bytes of %d", sent, len(body))
}

// waitForSize waits until the file at path holds at least n bytes.
func waitForSize(t *testing.T, path string, n int64) {
	t.Helper()
	waitUntil(t, fmt.Sprintf("%s did not reach %d bytes", path, n), func() bool {
		fi, err := os.Stat(path)
		return err == nil && fi.Size() >= n
	})
}
