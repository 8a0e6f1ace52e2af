package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"haul/downloader/downloadtest"
)

// TestKillNineThenRunAgain kills haul with SIGKILL in the middle of a batch
// of large throttled files — no chance to save or clean up — then runs the
// same command again: every file must end byte-identical, no partial file
// may be left, and the server must have sent less than 1.3 times the batch.
func TestKillNineThenRunAgain(t *testing.T) {
	const (
		files = 12
		size  = 1 << 20
	)
	bin := buildHaul(t)
	s := newServer(t)
	bodies, list := batch(t, s, files, size, func(int) []downloadtest.Option {
		return []downloadtest.Option{downloadtest.Throttle(1 << 20)}
	})
	out := filepath.Join(t.TempDir(), "out")
	args := []string{"get", "-q", "-c", "4", "-o", out, list}

	first := exec.Command(bin, args...)
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	waitForFiles(t, out, 4)
	waitForPartials(t, out, 2, size/4)
	if err := first.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	first.Wait()
	killedAt := s.BytesSent()

	second := exec.Command(bin, args...)
	code, stdout, stderr := exitCode(t, second)
	if code != exitOK {
		t.Fatalf("second run: exit %d\n%s\n%s", code, stdout, stderr)
	}
	checkFiles(t, out, bodies)
	sent, total := s.BytesSent(), int64(files*size)
	t.Logf("bytes served: %d for a %d-byte batch (%.2f×); %d before the kill", sent, total, float64(sent)/float64(total), killedAt)
	if float64(sent) >= 1.3*float64(total) {
		t.Errorf("the server sent %.2f times the batch", float64(sent)/float64(total))
	}
}

// waitForPartials waits until dir holds n partial files of at least min bytes.
func waitForPartials(t *testing.T, dir string, n int, min int64) {
	t.Helper()
	waitUntil(t, fmt.Sprintf("%s never held %d partial files of %d bytes", dir, n, min), func() bool {
		parts, _ := filepath.Glob(filepath.Join(dir, "*.part"))
		big := 0
		for _, p := range parts {
			if fi, err := os.Stat(p); err == nil && fi.Size() >= min {
				big++
			}
		}
		return big >= n
	})
}
