package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"haul/downloader"
	"haul/downloader/downloadtest"
)

func TestMain(m *testing.M) {
	// Resume state goes to a throwaway config folder, never the user's.
	config, err := os.MkdirTemp("", "haul-cli-config-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", config)
	// Retry-After still sets the least wait; only the engine's own backoff
	// between attempts is shortened so the suite runs in seconds.
	optionsHook = func(o *downloader.Options) {
		o.BackoffBase = 5 * time.Millisecond
		o.BackoffMax = 50 * time.Millisecond
		o.LearnedLimits = "" // each test's server learns afresh
	}
	code := m.Run()
	os.RemoveAll(config)
	os.Exit(code)
}

// result is what one call of Get produced.
type result struct {
	code           int
	stdout, stderr string
}

// runGet calls Get with args and stdin and collects its output.
func runGet(ctx context.Context, stdin string, args ...string) result {
	var stdout, stderr bytes.Buffer
	code := Get(ctx, args, strings.NewReader(stdin), &stdout, &stderr)
	return result{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// newServer starts a fault-injecting server closed at the end of the test.
func newServer(t *testing.T) *downloadtest.Server {
	t.Helper()
	s := downloadtest.New()
	t.Cleanup(s.Close)
	return s
}

// batch registers n files named f0000.bin … with options from opts(i) and
// returns their bodies and a list file of their links.
func batch(t *testing.T, s *downloadtest.Server, n, size int, opts func(i int) []downloadtest.Option) (bodies map[string][]byte, list string) {
	t.Helper()
	bodies = make(map[string][]byte, n)
	var b strings.Builder
	for i := range n {
		name := fmt.Sprintf("f%04d.bin", i)
		bodies[name] = downloadtest.Data(size, int64(i))
		s.Handle("/"+name, bodies[name], opts(i)...)
		fmt.Fprintln(&b, s.URL("/"+name))
	}
	return bodies, writeList(t, b.String())
}

// writeList saves text as list.txt in a fresh folder and returns its path.
func writeList(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "list.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkFiles asserts that dir holds exactly the files in want, byte for
// byte, and no partial files.
func checkFiles(t *testing.T, dir string, want map[string][]byte) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(want) {
		t.Errorf("%s holds %d entries, want %d", dir, len(entries), len(want))
	}
	for name, body := range want {
		checkFile(t, filepath.Join(dir, name), body)
	}
	if parts := partFiles(t, dir); len(parts) > 0 {
		t.Errorf("partial files left: %v", parts)
	}
}

// checkFile asserts that the file at path has the same SHA-256 as want.
func checkFile(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("read saved file: %v", err)
		return
	}
	if sha256.Sum256(got) != sha256.Sum256(want) {
		t.Errorf("%s: %d bytes that differ from the server's %d", filepath.Base(path), len(got), len(want))
	}
}

// partFiles lists the .part files in dir.
func partFiles(t *testing.T, dir string) []string {
	t.Helper()
	parts, err := filepath.Glob(filepath.Join(dir, "*.part"))
	if err != nil {
		t.Fatal(err)
	}
	return parts
}

// savedFiles lists the complete files in dir.
func savedFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".part") {
			names = append(names, e.Name())
		}
	}
	return names
}
