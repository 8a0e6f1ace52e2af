package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

// TestMaxSizeFailsLargerFiles: -max-size saves the small file and fails
// the large one with a message naming the limit.
func TestMaxSizeFailsLargerFiles(t *testing.T) {
	s := newServer(t)
	s.Handle("/small.bin", downloadtest.Data(1000, 1))
	s.Handle("/large.bin", downloadtest.Data(50_000, 2), downloadtest.NoContentLength())
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(t.Context(), "", "-max-size", "10kB", "-o", out, s.URL("/small.bin"), s.URL("/large.bin"))
	if r.code != exitFailed || !strings.HasPrefix(r.stdout, "Saved 1 · skipped 0 · failed 1") {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout+r.stderr, "larger than the size limit (10 kB)") {
		t.Errorf("no message naming the limit:\n%s%s", r.stdout, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "large.bin")); err == nil {
		t.Error("the large file was saved")
	}
}

// TestMaxSizeThatCannotBeRead is a usage error naming the value.
func TestMaxSizeThatCannotBeRead(t *testing.T) {
	r := runGet(t.Context(), "", "-max-size", "big", "http://127.0.0.1:9/a.jpg")
	if r.code != exitUsage || !strings.Contains(r.stderr, `"big" is not a size`) {
		t.Errorf("exit %d\n%s", r.code, r.stderr)
	}
}
