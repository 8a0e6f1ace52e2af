//go:build !windows

package instance

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"testing"
)

// testPath is a socket path short enough for a socket, in a fresh folder.
func testPath(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "haul")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return filepath.Join(dir, "run", "haul.sock")
}

// checkPrivate checks that only the user can open the socket.
func checkPrivate(t *testing.T, path string) {
	t.Helper()
	for p, want := range map[string]os.FileMode{path: 0o600, filepath.Dir(path): 0o700} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s is %v, want %v", p, fi.Mode().Perm(), want)
		}
	}
}

func TestListenReplacesTheSocketOfAHaulThatEnded(t *testing.T) {
	path := testPath(t)
	os.MkdirAll(filepath.Dir(path), 0o700)
	// A socket file that nothing listens on any more, as after a crash.
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	l.SetUnlinkOnClose(false)
	l.Close()
	if _, err := Send(context.Background(), path, Request{}); !errors.Is(err, ErrNotRunning) {
		t.Fatalf("Send to a dead socket = %v, want ErrNotRunning", err)
	}
	l2, err := Listen(path)
	if err != nil {
		t.Fatalf("Listen over a dead socket: %v", err)
	}
	l2.Close()
}

func TestDefaultPathIsOnePerSettingsFolder(t *testing.T) {
	runtime := t.TempDir()
	os.Chmod(runtime, 0o700)
	t.Setenv("XDG_RUNTIME_DIR", runtime)
	t.Setenv("XDG_CONFIG_HOME", "/home/a/.config")
	a, err := DefaultPath()
	if err != nil || filepath.Dir(a) != filepath.Join(runtime, "haul") {
		t.Fatalf("DefaultPath = %q, %v", a, err)
	}
	t.Setenv("XDG_CONFIG_HOME", "/tmp/other")
	if b, _ := DefaultPath(); b == a {
		t.Errorf("two settings folders share the socket %s", a)
	}
	t.Setenv("XDG_RUNTIME_DIR", "")
	if c, _ := DefaultPath(); c != "/tmp/other/haul/run/haul.sock" {
		t.Errorf("without a runtime folder DefaultPath = %s", c)
	}
}

func TestASecondLaunchThatFindsNoSocketStillLeavesTheRunningHaulAlone(t *testing.T) {
	path := testPath(t)
	l, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// The socket gone, as between the checks of two launches at once.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if l2, err := Listen(path); !errors.Is(err, ErrRunning) {
		if l2 != nil {
			l2.Close()
		}
		t.Fatalf("second Listen = %v, want ErrRunning", err)
	}
}
