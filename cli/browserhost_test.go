//go:build !windows

package cli

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"haul/browser"
	"haul/downloader/downloadtest"
)

// membersPictures serves pictures only to a request with the member's
// cookie and the gallery page as Referer (any other gets 403), and under
// /public/ to anyone.
func membersPictures(t *testing.T, pics map[string][]byte) *httptest.Server {
	t.Helper()
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie("member")
		name, public := strings.CutPrefix(strings.TrimPrefix(r.URL.Path, "/"), "public/")
		body, ok := pics[name]
		if !public && (err != nil || c.Value != "yes" || r.Referer() != srv.URL+"/gallery") || !ok {
			http.Error(w, "members only", http.StatusForbidden)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// buildNoWindowHaul compiles haul without its window, as servers have it.
func buildNoWindowHaul(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the haul binary")
	}
	bin := filepath.Join(t.TempDir(), "haul")
	cmd := exec.Command("go", "build", "-tags", "nogui", "-o", bin, "haul")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// userEnv is a user of their own: home, settings, runtime and pictures
// folders in dir, and no display.
func userEnv(dir string) []string {
	os.Mkdir(filepath.Join(dir, "run"), 0o700) // the runtime folder, the user's alone, as the desktop makes it
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	return append(env, "HOME="+dir, "XDG_CONFIG_HOME="+dir+"/config", "XDG_RUNTIME_DIR="+dir+"/run",
		"XDG_PICTURES_DIR="+dir+"/pics", "LANG=en_US.UTF-8")
}

// serveProcess finds the "haul serve" that bin started, by its command line.
func serveProcess(t *testing.T, bin string) int {
	t.Helper()
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		if string(cmdline) == bin+"\x00serve\x00" {
			return pid
		}
	}
	t.Fatal("the host started no haul serve")
	return 0
}

// waitForSaved waits until every file of want is in dir with its bytes.
func waitForSaved(t *testing.T, dir string, want map[string][]byte) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		missing := ""
		for name, body := range want {
			got, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil || !bytes.Equal(got, body) {
				missing = name
				break
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s was not saved byte for byte in %s", missing, dir)
		}
		<-tick.C
	}
}

// listening lists the sockets pid listens on: "tcp" or "tcp6" with their
// local address, and "unix" with their path.
func listening(t *testing.T, pid int) []string {
	t.Helper()
	inodes := map[string]bool{}
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range fds {
		target, _ := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name()))
		if inode, ok := strings.CutPrefix(target, "socket:["); ok {
			inodes[strings.TrimSuffix(inode, "]")] = true
		}
	}
	var found []string
	for _, table := range []string{"tcp", "tcp6", "unix"} {
		f, err := os.Open(fmt.Sprintf("/proc/%d/net/%s", pid, table))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Scan() // the heading
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			switch {
			case table == "unix" && len(fields) >= 8 && fields[5] == "01" && inodes[fields[6]]:
				found = append(found, "unix "+fields[7]) // state 01 with flag __SO_ACCEPTCON is a listener
			case table != "unix" && len(fields) >= 10 && fields[3] == "0A" && inodes[fields[9]]:
				found = append(found, table+" "+fields[1])
			}
		}
		f.Close()
	}
	return found
}

func TestBrowserHostStartsHaulWhichSavesThePicturesAndTakesLaterLaunches(t *testing.T) {
	bin := buildNoWindowHaul(t)
	home, err := os.MkdirTemp("", "haul")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	env := userEnv(home)
	pics := map[string][]byte{}
	for i := range 5 {
		pics[fmt.Sprintf("p%d.png", i)] = downloadtest.PictureNamed(".png", 20000+i*1000, int64(i))
	}
	srv := membersPictures(t, pics)
	msg := browser.Message{Type: browser.TypePictures, Page: browser.Page{URL: srv.URL + "/gallery", Title: "Members"},
		Links:     []string{srv.URL + "/p0.png", srv.URL + "/p1.png", srv.URL + "/p2.png"},
		Cookies:   []browser.Cookie{{Domain: "127.0.0.1", HostOnly: true, Path: "/", Name: "member", Value: "yes"}},
		UserAgent: "Mozilla/5.0 test"}
	body, _ := json.Marshal(msg)
	var in bytes.Buffer
	binary.Write(&in, binary.LittleEndian, uint32(len(body)))
	in.Write(body)

	host := exec.Command(bin, "native-host", browser.ChromeOrigin())
	host.Env, host.Stdin = env, &in
	code, stdout, stderr := exitCode(t, host)
	if code != 0 {
		t.Fatalf("native-host exited %d: %s", code, stderr)
	}
	reply, err := browser.ReadFrame(strings.NewReader(stdout), 1<<20)
	if err != nil || !strings.Contains(string(reply), `"ok":true,"added":3`) {
		t.Fatalf("reply %s, %v; stderr %s", reply, err, stderr)
	}
	pid := serveProcess(t, bin)
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	saved := filepath.Join(home, "pics", "Haul")
	waitForSaved(t, saved, map[string][]byte{"p0.png": pics["p0.png"], "p1.png": pics["p1.png"], "p2.png": pics["p2.png"]})

	// A second launch with a list hands its links to the running Haul.
	list := filepath.Join(home, "list.txt")
	os.WriteFile(list, []byte(srv.URL+"/public/p3.png\n"), 0o644)
	second := exec.Command(bin, list)
	second.Env = env
	if code, _, stderr := exitCode(t, second); code != 0 {
		t.Fatalf("second launch exited %d: %s", code, stderr)
	}
	waitForSaved(t, saved, map[string][]byte{"p3.png": pics["p3.png"]})

	// A launch with a link hands the link over as it is.
	third := exec.Command(bin, srv.URL+"/public/p4.png")
	third.Env = env
	if code, _, stderr := exitCode(t, third); code != 0 {
		t.Fatalf("a launch with a link exited %d: %s", code, stderr)
	}
	waitForSaved(t, saved, map[string][]byte{"p4.png": pics["p4.png"]})

	// A launch whose list the running Haul cannot read says so and fails.
	fourth := exec.Command(bin, filepath.Join(home, "gone.txt"))
	fourth.Env = env
	if code, _, stderr := exitCode(t, fourth); code != 1 || !strings.Contains(stderr, "gone.txt") {
		t.Errorf("a launch with a missing list exited %d: %s", code, stderr)
	}

	sockets := listening(t, pid)
	var unix int
	for _, s := range sockets {
		if strings.HasPrefix(s, "tcp") {
			t.Errorf("haul listens on %s; it must open no TCP port", s)
		}
		if strings.HasPrefix(s, "unix "+filepath.Join(home, "run")) {
			unix++
		}
	}
	if unix != 1 {
		t.Errorf("haul listens on %v, want its one socket in the runtime folder", sockets)
	}
}
