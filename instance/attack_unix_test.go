//go:build !windows

package instance

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"haul/browser"
)

// asAnotherUser makes Haul take itself for another user until the test
// ends, so that the program at the other end of its socket (this test,
// run by the real user) is someone else's.
func asAnotherUser(t *testing.T) {
	t.Helper()
	playedUser.Store(uint32(os.Getuid()) + 2)
	t.Cleanup(func() { playedUser.Store(0) })
}

// withCookies is a request as the browser's host hands it over: a page's
// links with the cookies of the user's sign-in.
func withCookies() Request {
	return Request{Browser: &browser.Message{Type: browser.TypePictures, Page: browser.Page{URL: "https://bank.example/statement"},
		Links:   []string{"https://bank.example/statement.png"},
		Cookies: []browser.Cookie{{Domain: "bank.example", Path: "/", Name: "session", Value: "secret-session-token", Secure: true}}}}
}

// TestASocketFolderOthersCanWriteIsNotUsed: where $XDG_RUNTIME_DIR is not
// a real folder of the user's own that no one else may open (a shared
// folder anyone can write, a link to one), another user could plant a
// socket or a link under Haul's name there: Haul keeps its socket in its
// settings folder instead.
func TestASocketFolderOthersCanWriteIsNotUsed(t *testing.T) {
	config := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", config)
	private := t.TempDir()
	os.Chmod(private, 0o700)
	shared := t.TempDir()
	os.Chmod(shared, 0o1777)
	readable := t.TempDir()
	os.Chmod(readable, 0o755)
	link := filepath.Join(t.TempDir(), "link")
	os.Symlink(private, link)
	fallback := filepath.Join(config, "haul", "run", "haul.sock")
	tests := []struct {
		name, runtime, wantDir string
	}{
		{"the user's own", private, filepath.Join(private, "haul")},
		{"anyone may write", shared, filepath.Dir(fallback)},
		{"anyone may read", readable, filepath.Dir(fallback)},
		{"a link to the user's own", link, filepath.Dir(fallback)},
		{"missing", filepath.Join(private, "gone"), filepath.Dir(fallback)},
		{"relative", "run", filepath.Dir(fallback)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("XDG_RUNTIME_DIR", tt.runtime)
			path, err := DefaultPath()
			if err != nil || filepath.Dir(path) != tt.wantDir {
				t.Errorf("DefaultPath = %s, %v; want it in %s", path, err, tt.wantDir)
			}
		})
	}
	asAnotherUser(t)
	t.Setenv("XDG_RUNTIME_DIR", private)
	if path, _ := DefaultPath(); filepath.Dir(path) != filepath.Dir(fallback) {
		t.Errorf("a runtime folder of another user's is used: %s", path)
	}
}

// TestAPlantedLinkIsNeverFollowed: a link planted where Haul's socket
// folder goes, to a folder of the user's (or anyone's), is refused: Haul
// neither listens there nor changes the folder it leads to.
func TestAPlantedLinkIsNeverFollowed(t *testing.T) {
	victim := t.TempDir()
	os.Chmod(victim, 0o755)
	root := t.TempDir()
	link := filepath.Join(root, "haul")
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	l, err := Listen(filepath.Join(link, "x.sock"))
	if err == nil {
		l.Close()
		t.Error("Haul listened through a planted link")
	}
	if fi, _ := os.Stat(victim); fi.Mode().Perm() != 0o755 {
		t.Errorf("the folder the link leads to was changed to %v", fi.Mode().Perm())
	}
	if entries, _ := os.ReadDir(victim); len(entries) != 0 {
		t.Errorf("Haul wrote into the folder the link leads to: %v", entries)
	}
}

// TestASocketFolderOfAnotherUserIsRefused: Haul never listens in, nor
// changes, a folder another user made where its socket folder goes.
func TestASocketFolderOfAnotherUserIsRefused(t *testing.T) {
	path := testPath(t)
	os.MkdirAll(filepath.Dir(path), 0o755)
	asAnotherUser(t)
	l, err := Listen(path)
	if err == nil {
		l.Close()
		t.Fatal("Haul listened in another user's folder")
	}
	if fi, _ := os.Stat(filepath.Dir(path)); fi.Mode().Perm() != 0o755 {
		t.Errorf("another user's folder was changed to %v", fi.Mode().Perm())
	}
}

// TestASocketFolderOthersMayOpenIsMadePrivate: the user's own folder that
// others may open (made by an older Haul, say) is made 0700.
func TestASocketFolderOthersMayOpenIsMadePrivate(t *testing.T) {
	path := testPath(t)
	os.MkdirAll(filepath.Dir(path), 0o777)
	os.Chmod(filepath.Dir(path), 0o777)
	l, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	checkPrivate(t, path)
}

// impostor listens on a Unix socket at path the way another user's
// program would, and says what reached it.
type impostor struct {
	l        net.Listener
	received chan []byte
}

// listenAsImpostor listens at path, taking anything sent to it.
func listenAsImpostor(t *testing.T, path string) *impostor {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o700)
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	im := &impostor{l: l, received: make(chan []byte, 1)}
	go func() {
		conn, err := l.Accept()
		if err != nil {
			im.received <- nil
			return
		}
		defer conn.Close()
		conn.SetDeadline(time.Now().Add(5 * time.Second))
		got, _ := io.ReadAll(conn)
		im.received <- got
	}()
	return im
}

// TestALaunchHandsNothingToAListenerOfAnotherUser: a program of another
// user's listening at Haul's socket gets no byte of what the browser sent
// (its links, its cookies): the launch asks the system who listens
// (SO_PEERCRED) and hangs up first.
func TestALaunchHandsNothingToAListenerOfAnotherUser(t *testing.T) {
	path := testPath(t)
	im := listenAsImpostor(t, path)
	asAnotherUser(t)
	_, err := Send(t.Context(), path, withCookies())
	if !errors.Is(err, ErrAnotherUser) || errors.Is(err, ErrNotRunning) {
		t.Errorf("Send = %v, want ErrAnotherUser", err)
	}
	if got := <-im.received; len(got) != 0 {
		t.Errorf("the other user's listener received %q", got)
	}
}

// TestTheRunningHaulTakesNothingFromAnotherUsersLaunch: the running Haul
// hangs up, unread, on a program of another user's, and keeps serving the
// user's own launches.
func TestTheRunningHaulTakesNothingFromAnotherUsersLaunch(t *testing.T) {
	taken := make(chan Request, 2)
	path := serving(t, func(r Request) Reply { taken <- r; return Reply{Added: 1} }, handleTimeout)
	asAnotherUser(t)
	conn, err := net.Dial("unix", path) // as another user's program would, without Haul's checks
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(conn, `{"files":["/tmp/planted.txt"]}`)
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	answer, _ := io.ReadAll(conn)
	conn.Close()
	if len(answer) != 0 {
		t.Errorf("another user's program was answered %q", answer)
	}
	playedUser.Store(0)
	if reply, err := Send(t.Context(), path, Request{Files: []string{"/tmp/mine.txt"}}); err != nil || reply.Added != 1 {
		t.Fatalf("the user's own launch: %+v, %v", reply, err)
	}
	if r := <-taken; len(r.Files) != 1 || r.Files[0] != "/tmp/mine.txt" {
		t.Errorf("the running Haul took %+v", r)
	}
	select {
	case r := <-taken:
		t.Errorf("the running Haul also took %+v", r)
	default:
	}
}

// TestALaunchHandsNothingToAListenerRunByAnotherRealUser plays the attack
// with two real users, where the test may run a program as another one
// (as root): the nobody user listens at a socket in a folder anyone can
// write, and a launch pointed there refuses to hand it the browser's
// cookies.
func TestALaunchHandsNothingToAListenerRunByAnotherRealUser(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("only root may run a program as another user")
	}
	const nobody = 65534
	shared, err := os.MkdirTemp("", "haul-shared")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(shared)
	os.Chmod(shared, 0o1777)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(shared, "impostor.test")
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exe, data, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(shared, "haul.sock")
	cmd := exec.Command(exe, "-test.run=^TestImpostorListener$")
	cmd.Env = append(os.Environ(), "HAUL_IMPOSTOR_SOCKET="+path)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot run a program as nobody here: %v", err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(out)
	if !lines.Scan() || lines.Text() != "ready" {
		cmd.Wait()
		t.Skipf("the program run as nobody did not listen: %q", lines.Text())
	}
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	if _, err := Send(ctx, path, withCookies()); !errors.Is(err, ErrAnotherUser) {
		t.Errorf("Send to nobody's listener = %v, want ErrAnotherUser", err)
	}
	var said strings.Builder
	for lines.Scan() {
		said.WriteString(lines.Text())
	}
	cmd.Wait()
	if said.String() != "received 0 bytes" {
		t.Errorf("nobody's listener says %q, want that it received nothing", said.String())
	}
}

// TestImpostorListener is the program TestALaunchHandsNothingToAListenerRunByAnotherRealUser
// runs as another user: it listens at $HAUL_IMPOSTOR_SOCKET and says how
// many bytes the first connection brought.
func TestImpostorListener(t *testing.T) {
	path := os.Getenv("HAUL_IMPOSTOR_SOCKET")
	if path == "" {
		t.Skip("run by TestALaunchHandsNothingToAListenerRunByAnotherRealUser")
	}
	l, err := net.Listen("unix", path)
	if err != nil {
		fmt.Println("cannot listen:", err)
		os.Exit(1)
	}
	os.Chmod(path, 0o777)
	fmt.Println("ready")
	conn, err := l.Accept()
	if err != nil {
		os.Exit(1)
	}
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	got, _ := io.ReadAll(conn)
	fmt.Printf("received %d bytes\n", len(got))
	os.Exit(0)
}
