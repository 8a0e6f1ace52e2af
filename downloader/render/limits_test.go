package render

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"haul/downloader/render/rendertest"
)

// hostileSite serves a page whose script never yields (/busy) and one that
// opens 200 windows (/popups), each after showing a picture. It counts
// the windows' requests and closes busy once /busy is served.
type hostileSite struct {
	*httptest.Server
	popups atomic.Int64
	busy   chan struct{}
	once   sync.Once
}

func newHostileSite(t *testing.T) *hostileSite {
	t.Helper()
	h := &hostileSite{busy: make(chan struct{})}
	mux := http.NewServeMux()
	page := func(script string) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(`<html><body><img src="/img/001.png"><script>` + script + `</script></body></html>`))
		}
	}
	mux.HandleFunc("/busy", func(w http.ResponseWriter, r *http.Request) {
		page(`while (true) {}`)(w, r)
		h.once.Do(func() { close(h.busy) })
	})
	mux.HandleFunc("/popups", page(`for (let i = 0; i < 200; i++) window.open('/popup?' + i);`))
	mux.HandleFunc("/popup", func(w http.ResponseWriter, _ *http.Request) {
		h.popups.Add(1)
		w.Write([]byte("<html>pop-up</html>"))
	})
	mux.HandleFunc("/img/", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(rendertest.PictureBytes(1))
	})
	h.Server = httptest.NewServer(mux)
	t.Cleanup(h.Close)
	return h
}

// assertNothingLeftIn checks that the browser left nothing in dir, the
// temporary folder it was started from.
func assertNothingLeftIn(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		t.Errorf("left in the temporary folder: %s", e.Name())
	}
}

func TestRenderEndsAPageThatNeverYields(t *testing.T) {
	browser := needBrowser(t)
	srv := newHostileSite(t)
	start := time.Now()
	images, err := Render(context.Background(), srv.URL+"/busy", Options{Browser: browser, Settle: testSettle, PageTimeout: 5 * time.Second})
	if !errors.Is(err, ErrPageTimeout) {
		t.Fatalf("err = %v, want ErrPageTimeout", err)
	}
	if took := time.Since(start); took > 90*time.Second {
		t.Errorf("Render took %v", took)
	}
	t.Logf("ended after %v with %d pictures", time.Since(start), len(images))
	assertNoBrowserLeft(t)
	assertNothingLeftIn(t, os.TempDir())
}

func TestRenderStoppedOnABusyPageLeavesNothing(t *testing.T) {
	browser := needBrowser(t)
	srv := newHostileSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-srv.busy
		cancel()
	}()
	_, err := Render(ctx, srv.URL+"/busy", Options{Browser: browser, Settle: testSettle})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	assertNoBrowserLeft(t)
	assertNothingLeftIn(t, os.TempDir())
}

func TestRenderClosesPopups(t *testing.T) {
	browser := needBrowser(t)
	srv := newHostileSite(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	images, err := Render(ctx, srv.URL+"/popups", Options{Browser: browser, Settle: testSettle})
	if err != nil {
		t.Fatal(err)
	}
	if len(images) != 1 || !strings.HasSuffix(images[0].URL, "/img/001.png") {
		t.Errorf("pictures %+v, want the page's one", images)
	}
	if n := srv.popups.Load(); n > 0 {
		t.Errorf("%d pop-ups were opened", n)
	}
	assertNoBrowserLeft(t)
	assertNothingLeftIn(t, os.TempDir())
}

func TestLeftoversAreRemovedAtTheNextStart(t *testing.T) {
	tmp, err := os.MkdirTemp("", "hl")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	t.Setenv("TMPDIR", tmp)
	leftover := func(locked bool, age time.Duration) string {
		dir, err := os.MkdirTemp(tmp, workDirPrefix)
		if err != nil {
			t.Fatal(err)
		}
		must(t, os.MkdirAll(filepath.Join(dir, "profile", "Default"), 0o700))
		must(t, os.WriteFile(filepath.Join(dir, "profile", "Default", "Cookies"), []byte("the site's cookies"), 0o600))
		if locked {
			lock, err := lockFile(filepath.Join(dir, "lock"), true)
			must(t, err)
			t.Cleanup(func() { lock.Close() })
		}
		then := time.Now().Add(-age)
		must(t, os.Chtimes(dir, then, then))
		return dir
	}
	killed := leftover(false, time.Hour)
	lockless := leftover(false, time.Hour)
	must(t, os.WriteFile(filepath.Join(killed, "lock"), nil, 0o600))
	running := leftover(true, time.Hour)
	starting := leftover(false, 0)
	other := filepath.Join(tmp, "org.chromium.Chromium.abc")
	must(t, os.Mkdir(other, 0o700))

	RemoveLeftovers()
	for dir, kept := range map[string]bool{killed: false, lockless: false, running: true, starting: true, other: true} {
		if _, err := os.Stat(dir); (err == nil) != kept {
			t.Errorf("%s: kept %v, want %v", filepath.Base(dir), err == nil, kept)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
