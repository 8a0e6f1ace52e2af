//go:build unix

package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/sys/unix"

	"haul/downloader/downloadtest"
)

// TestLinkPasswordIsKeptOnlyToFetch: links that carry a user name and
// password are fetched with them from their own site, and a rerun of the
// same list fetches the one that failed with them again; another host a
// link redirects to never sees the password, nor does the queue file, the
// report or the note on a saved file.
func TestLinkPasswordIsKeptOnlyToFetch(t *testing.T) {
	const secret = "s3cr3tPW"
	var otherSeen []string
	var mu sync.Mutex
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		otherSeen = append(otherSeen, r.URL.String(), strings.Join(r.Header.Values("Authorization"), ";"), r.Referer())
		mu.Unlock()
		w.Write(downloadtest.Data(900, 3))
	}))
	t.Cleanup(other.Close)
	files := map[string][]byte{"a.bin": downloadtest.Data(2000, 1), "b.bin": downloadtest.Data(3000, 2)}
	var bAsked atomic.Int32
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if user, pw, ok := r.BasicAuth(); !ok || user != "ann" || pw != secret {
			w.Header().Set("WWW-Authenticate", `Basic realm="x"`)
			http.Error(w, "who are you", http.StatusUnauthorized)
			return
		}
		switch name := strings.TrimPrefix(r.URL.Path, "/"); {
		case name == "away.bin":
			http.Redirect(w, r, other.URL+"/elsewhere.bin", http.StatusFound)
		case name == "b.bin" && bAsked.Add(1) == 1:
			http.NotFound(w, r) // not there yet: the first run fails it
		default:
			w.Write(files[name])
		}
	}))
	t.Cleanup(site.Close)
	withPassword := strings.Replace(site.URL, "http://", "http://ann:"+secret+"@", 1)
	list := writeList(t, withPassword+"/a.bin\n"+withPassword+"/b.bin\n"+withPassword+"/away.bin\n")
	out, dir := filepath.Join(t.TempDir(), "out"), t.TempDir()
	state, report := filepath.Join(dir, "queue.jsonl"), filepath.Join(dir, "report.csv")
	if r := runGet(t.Context(), "", "-o", out, "-state", state, "-report", report, list); r.code != exitFailed {
		t.Fatalf("first run: exit %d, want %d (b.bin missing)\n%s%s", r.code, exitFailed, r.stdout, r.stderr)
	}
	r := runGet(t.Context(), "", "-o", out, "-state", state, "-report", report, list)
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "Saved 1 · skipped 2 · failed 0") {
		t.Fatalf("second run: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	checkFile(t, filepath.Join(out, "a.bin"), files["a.bin"])
	checkFile(t, filepath.Join(out, "b.bin"), files["b.bin"])
	mu.Lock()
	seen := strings.Join(otherSeen, "\n")
	mu.Unlock()
	if !strings.Contains(seen, "/elsewhere.bin") || strings.Contains(seen, secret) || strings.Contains(seen, "Basic") {
		t.Errorf("the other host saw:\n%s", seen)
	}
	for _, path := range []string{state, report} {
		if b, err := os.ReadFile(path); err != nil || strings.Contains(string(b), secret) {
			t.Errorf("%s holds the password (%v):\n%s", filepath.Base(path), err, b)
		}
	}
	for _, name := range []string{"a.bin", "b.bin", "away.bin"} {
		note := make([]byte, 4096)
		n, err := unix.Lgetxattr(filepath.Join(out, name), "user.haul.link", note)
		if err == nil && strings.Contains(string(note[:n]), secret) {
			t.Errorf("the note on %s holds the password: %s", name, note[:n])
		}
	}
}
