package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

// TestNoGUIBinary builds haul as a server or container user would, without
// cgo and without the window, and checks that "haul get" works the same and
// that asking for the window says plainly there is none.
func TestNoGUIBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the haul binary")
	}
	bin := filepath.Join(t.TempDir(), "haul")
	build := exec.Command("go", "build", "-tags", "nogui", "-o", bin, "haul")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("CGO_ENABLED=0 go build -tags nogui: %v\n%s", err, out)
	}
	s := newServer(t)
	bodies, list := batch(t, s, 10, 10_000, func(int) []downloadtest.Option { return nil })
	out := filepath.Join(t.TempDir(), "out")
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{"download a list", []string{"get", "-o", out, list}, 0, "Saved 10 · skipped 0 · failed 0 · canceled 0 · 100 kB in ", "saved f0003.bin (10 kB)"},
		{"version", []string{"version"}, 0, "haul 0.", ""},
		{"window", nil, 2, "", "built without its window"},
		{"window with a list", []string{list}, 2, "", `Run "haul get LINKS.txt"`},
	}
	for _, tt := range tests {
		code, stdout, stderr := exitCode(t, exec.Command(bin, tt.args...))
		if code != tt.wantCode || !strings.Contains(stdout, tt.wantStdout) || !strings.Contains(stderr, tt.wantStderr) {
			t.Errorf("%s: exit %d (want %d)\nstdout:\n%s\nstderr:\n%s", tt.name, code, tt.wantCode, stdout, stderr)
		}
	}
	checkFiles(t, out, bodies)
}
