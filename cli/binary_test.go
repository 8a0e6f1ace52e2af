package cli

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// buildHaul compiles the haul command into a temporary folder.
func buildHaul(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the haul binary")
	}
	bin := filepath.Join(t.TempDir(), "haul")
	cmd := exec.Command("go", "build", "-o", bin, "haul")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// exitCode runs cmd and returns its exit code and output.
func exitCode(t *testing.T, cmd *exec.Cmd) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stdout.String(), stderr.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stdout.String(), stderr.String()
	}
	t.Fatalf("run %s: %v", cmd.Path, err)
	return 0, "", ""
}

func TestHaulBinary(t *testing.T) {
	bin := buildHaul(t)
	s := newServer(t)
	bodies, list := batch(t, s, 30, 10_000, func(i int) []downloadtest.Option {
		if i%3 == 0 {
			return []downloadtest.Option{downloadtest.CutBody(2000, 1)}
		}
		return nil
	})
	out := filepath.Join(t.TempDir(), "out")
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{"download a list", []string{"get", "-o", out, list}, 0, "Saved 30 · skipped 0 · failed 0 · canceled 0 · 300 kB in ", "saved f0003.bin (10 kB)"},
		{"version", []string{"version"}, 0, "haul 0.", ""},
		{"help", []string{"--help"}, 0, "haul get [flags] [FILE|URL|-]...", ""},
		{"bad flag", []string{"get", "-on-exists", "maybe", list}, 2, "", "choose skip, rename or overwrite"},
	}
	for _, tt := range tests {
		code, stdout, stderr := exitCode(t, exec.Command(bin, tt.args...))
		if code != tt.wantCode || !strings.Contains(stdout, tt.wantStdout) || !strings.Contains(stderr, tt.wantStderr) {
			t.Errorf("%s: exit %d (want %d)\nstdout:\n%s\nstderr:\n%s", tt.name, code, tt.wantCode, stdout, stderr)
		}
	}
	checkFiles(t, out, bodies)
}

func TestHaulBinaryStopsOnCtrlC(t *testing.T) {
	bin := buildHaul(t)
	s := newServer(t)
	_, list := batch(t, s, 200, 16<<10, func(int) []downloadtest.Option {
		return []downloadtest.Option{downloadtest.Throttle(32 << 10)}
	})
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(bin, "get", "-o", out, list)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForFiles(t, out, 8)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	sent := time.Now()
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
		t.Fatalf("haul ended with %v, want exit code 130", err)
	}
	if took := time.Since(sent); took > 2*time.Second {
		t.Errorf("haul took %s to stop, want at most 2 s", took)
	}
	if !strings.HasSuffix(stdout.String(), stoppedMessage+"\n") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
}
