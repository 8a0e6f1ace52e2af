package cli

import (
	"crypto/sha256"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"haul/downloader/downloadtest"
)

// TestHaulGetWithFewOpenFiles runs haul get of 200 files at 64 at once in
// a process allowed 128 open files: running short of files is waited out,
// never a failure, and every file is saved.
func TestHaulGetWithFewOpenFiles(t *testing.T) {
	bin := buildHaul(t)
	s := newServer(t)
	bodies, list := batch(t, s, 200, 300<<10, func(int) []downloadtest.Option {
		return []downloadtest.Option{downloadtest.Throttle(4 << 20)}
	})
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command("sh", "-c", `ulimit -n 128 && exec "$0" "$@"`, bin, "get", "-c", "64", "-o", out, list)
	code, stdout, stderr := exitCode(t, cmd)
	if code != 0 {
		t.Fatalf("exit code %d\n%s\n%s", code, stdout, stderr)
	}
	for name, body := range bodies {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || sha256.Sum256(got) != sha256.Sum256(body) {
			t.Fatalf("%s not saved whole: %v", name, err)
		}
	}
}
