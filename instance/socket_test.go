package instance

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"haul/browser"
)

// shortDir is a temporary folder with a path short enough for a socket.
func shortDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "haul")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

func TestSecondLaunchHandsItsRequestToTheFirst(t *testing.T) {
	path := filepath.Join(shortDir(t), "run", "haul.sock")
	l, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan Request, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go Serve(ctx, l, func(r Request) Reply { got <- r; return Reply{Added: len(r.Files)} })

	if _, err := Listen(path); !errors.Is(err, ErrRunning) {
		t.Fatalf("second Listen = %v, want ErrRunning", err)
	}
	reply, err := Send(ctx, path, Request{Files: []string{"/tmp/list.txt", "https://example.com/a.jpg"},
		Browser: &browser.Message{Type: browser.TypeLinks, Links: []string{"https://example.com/b.jpg"}}})
	if err != nil {
		t.Fatal(err)
	}
	if reply.Added != 2 {
		t.Errorf("reply = %+v, want 2 added", reply)
	}
	r := <-got
	if len(r.Files) != 2 || r.Browser == nil || r.Browser.Links[0] != "https://example.com/b.jpg" {
		t.Errorf("request = %+v", r)
	}
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
	path := filepath.Join(shortDir(t), "haul.sock")
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

func TestSendWithNothingListening(t *testing.T) {
	_, err := Send(context.Background(), filepath.Join(shortDir(t), "haul.sock"), Request{})
	if !errors.Is(err, ErrNotRunning) {
		t.Errorf("Send = %v, want ErrNotRunning", err)
	}
}

func TestDefaultPathIsOnePerSettingsFolder(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows keeps the socket in the local application data")
	}
	t.Setenv("XDG_RUNTIME_DIR", "/run/user/1000")
	t.Setenv("XDG_CONFIG_HOME", "/home/a/.config")
	a, err := DefaultPath()
	if err != nil || filepath.Dir(a) != "/run/user/1000/haul" {
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
