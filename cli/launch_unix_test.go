//go:build unix

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/instance"
)

// launchSocket is a socket path of the test's own, short enough for one.
func launchSocket(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "haul")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return filepath.Join(dir, "run", "haul.sock")
}

// runningHaul listens at a new socket and answers each launch with
// answer, handing what it was given to got; it returns the socket.
func runningHaul(t *testing.T, answer func(instance.Request) instance.Reply) (string, <-chan instance.Request) {
	t.Helper()
	path := launchSocket(t)
	l, err := instance.Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(func() { cancel(); l.Close() })
	got := make(chan instance.Request, 4)
	go instance.Serve(ctx, l, func(r instance.Request) instance.Reply { got <- r; return answer(r) })
	return path, got
}

// TestALaunchHandsItsLinksAndListsToTheRunningHaul: "haul URL list.txt"
// while Haul runs hands the link over as a link and the list by its whole
// path, and ends 0 once the running Haul took them.
func TestALaunchHandsItsLinksAndListsToTheRunningHaul(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	os.WriteFile("list.txt", []byte("https://example.com/b.jpg\n"), 0o600)
	path, got := runningHaul(t, func(r instance.Request) instance.Reply { return instance.Reply{Added: 2} })
	var stderr bytes.Buffer
	code, handed := handOverTo(path, []string{"https://example.com/a.jpg?x=1", "list.txt"}, &stderr)
	if !handed || code != exitOK || stderr.Len() != 0 {
		t.Errorf("launch: exit %d, handed %v\n%s", code, handed, stderr.String())
	}
	r := <-got
	want := []string{"https://example.com/a.jpg?x=1", filepath.Join(work, "list.txt")}
	if strings.Join(r.Files, " ") != strings.Join(want, " ") {
		t.Errorf("the running Haul was given %q, want %q", r.Files, want)
	}
}

// TestALaunchThatTheRunningHaulCouldNotServeEndsInFailure: whatever the
// running Haul answers short of taking everything (a list it could not
// read, busy, a full list), the launch says so and ends 1, without
// opening a second window; with no Haul running, it opens its own.
func TestALaunchThatTheRunningHaulCouldNotServeEndsInFailure(t *testing.T) {
	tests := []struct {
		name  string
		reply instance.Reply
		want  string
	}{
		{"a list it could not read", instance.Reply{Error: "could not open list gone.txt"}, "could not open list gone.txt"},
		{"busy", instance.Reply{Busy: true}, "did not take this in time"},
		{"a full list", instance.Reply{Added: 1, NotAdded: 3, Note: "Haul's list is full"}, "Haul's list is full"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, _ := runningHaul(t, func(instance.Request) instance.Reply { return tt.reply })
			var stderr bytes.Buffer
			code, handed := handOverTo(path, []string{"https://example.com/a.jpg"}, &stderr)
			if !handed || code != exitFailed || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("launch: exit %d, handed %v\n%s", code, handed, stderr.String())
			}
		})
	}
	var stderr bytes.Buffer
	if code, handed := handOverTo(launchSocket(t), []string{"list.txt"}, &stderr); handed || code != exitOK {
		t.Errorf("with no Haul running: exit %d, handed %v", code, handed)
	}
}

// TestALaunchAnsweredByNoHaulOpensNoSecondWindow: a program at Haul's
// socket that is not Haul (it hangs up, or answers nonsense) is reached:
// the launch says it could not hand its links over and ends 1, rather
// than open a second window on the same list.
func TestALaunchAnsweredByNoHaulOpensNoSecondWindow(t *testing.T) {
	for _, answer := range []string{"", "HTTP/1.1 200 OK\r\n\r\n", `{"added": "many"}`} {
		path := launchSocket(t)
		os.MkdirAll(filepath.Dir(path), 0o700)
		l, err := net.Listen("unix", path)
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			var req instance.Request
			json.NewDecoder(conn).Decode(&req)
			conn.Write([]byte(answer))
			conn.Close()
		}()
		var stderr bytes.Buffer
		code, handed := handOverTo(path, []string{"https://example.com/a.jpg"}, &stderr)
		l.Close()
		if !handed || code != exitFailed || !strings.Contains(stderr.String(), "could not hand this to the open Haul") {
			t.Errorf("answered %q: exit %d, handed %v\n%s", answer, code, handed, stderr.String())
		}
	}
}
