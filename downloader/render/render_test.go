package render

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"haul/downloader/pages"
	"haul/downloader/render/rendertest"
)

// testSettle is how long a test screen must stay still: the test site
// answers at once, so far less than a real site needs.
const testSettle = 400 * time.Millisecond

// needBrowser skips the test when no browser is installed. It gives the
// test a temporary folder of its own, where the browser's profile goes, so
// that assertNoBrowserLeft sees only this test's browsers (other packages'
// tests may run browsers at the same time).
func needBrowser(t *testing.T) string {
	t.Helper()
	path, ok := FindBrowser()
	if !ok {
		t.Skip("no Chrome, Chromium, Edge or Brave is installed, so rendered reading is not tested here (on Debian: apt-get install chromium)")
	}
	tmp, err := os.MkdirTemp("", "hr")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	t.Setenv("TMPDIR", tmp)
	return path
}

func TestRenderFindsEveryPictureOfAnInfiniteScrollPage(t *testing.T) {
	browser := needBrowser(t)
	srv := (&rendertest.ScrollSite{}).Start(t)
	gallery := srv.URL + "/gallery"

	static := staticPictures(t, gallery)
	if len(static) != rendertest.BatchSize {
		t.Errorf("static reading found %d pictures, want the first batch's %d", len(static), rendertest.BatchSize)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var screens int
	images, err := Render(ctx, gallery, Options{Browser: browser, Settle: testSettle,
		Progress: func(_, s int) { screens = s }})
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	assertPictures(t, images, srv.URL, rendertest.Pictures)
	if screens < rendertest.Batches {
		t.Errorf("scrolled %d screens, want at least %d", screens, rendertest.Batches)
	}
	assertNoBrowserLeft(t)
	t.Logf("static reading: %d pictures; rendered: %d pictures in %d screens", len(static), len(images), screens)
}

func TestRenderStopsWhenAsked(t *testing.T) {
	browser := needBrowser(t)
	srv := (&rendertest.ScrollSite{}).Start(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stoppedAt time.Time
	images, err := Render(ctx, srv.URL+"/gallery", Options{Browser: browser, Settle: testSettle,
		Progress: func(_, screens int) {
			if screens == 2 {
				stoppedAt = time.Now()
				cancel()
			}
		}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Render after cancel: err = %v, want context.Canceled", err)
	}
	if took := time.Since(stoppedAt); took > 5*time.Second {
		t.Errorf("Render returned %v after the cancel", took)
	}
	if len(images) < rendertest.BatchSize || len(images) >= rendertest.Pictures {
		t.Errorf("after stopping: %d pictures, want the ones found so far (%d to %d)", len(images), rendertest.BatchSize, rendertest.Pictures-1)
	}
	assertNoBrowserLeft(t)
	assertNothingLeftIn(t, os.TempDir())
}

func TestRenderSendsCookiesAndHeaders(t *testing.T) {
	browser := needBrowser(t)
	site := &rendertest.ScrollSite{Cookie: "member-42"}
	srv := site.Start(t)
	site.Referer = srv.URL + "/"
	tests := []struct {
		name    string
		opts    Options
		wantAll bool
	}{
		{"without", Options{}, false},
		{"with cookie and referer", Options{
			Cookies: []*http.Cookie{{Name: "session", Value: "member-42"}},
			Header:  http.Header{"Referer": {srv.URL + "/"}, "User-Agent": {"HaulTest/1"}},
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			tt.opts.Browser, tt.opts.Settle = browser, testSettle
			images, err := Render(ctx, srv.URL+"/gallery", tt.opts)
			if err != nil {
				t.Fatalf("Render: %v", err)
			}
			want := rendertest.BatchSize
			if tt.wantAll {
				want = rendertest.Batches * rendertest.BatchSize
			}
			assertPictures(t, images, srv.URL, want)
		})
	}
	assertNoBrowserLeft(t)
}

func TestRenderWithoutBrowser(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, ok := FindBrowser(); ok {
		t.Skip("a browser is installed outside PATH")
	}
	_, err := Render(context.Background(), "http://127.0.0.1:1/gallery", Options{})
	if !errors.Is(err, ErrNoBrowser) {
		t.Fatalf("err = %v, want ErrNoBrowser", err)
	}
}

// staticPictures reads the gallery without a browser.
func staticPictures(t *testing.T, page string) []pages.Image {
	t.Helper()
	resp, err := http.Get(page)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	u, _ := url.Parse(page)
	images, _, err := pages.Find(resp.Body, u)
	if err != nil {
		t.Fatal(err)
	}
	return images
}

// assertPictures checks that images are exactly pictures 1 to n, in order.
func assertPictures(t *testing.T, images []pages.Image, base string, n int) {
	t.Helper()
	if len(images) != n {
		t.Errorf("found %d pictures, want %d", len(images), n)
	}
	for i, img := range images {
		if want := rendertest.PictureURL(base, i+1); img.URL != want {
			t.Fatalf("picture %d is %s, want %s", i+1, img.URL, want)
		}
	}
}

// assertNoBrowserLeft checks that no browser process that Render started
// for this test (its profile is in the test's temporary folder) is still
// running.
func assertNoBrowserLeft(t *testing.T) {
	t.Helper()
	if runtime.GOOS != "linux" {
		return
	}
	mine := os.TempDir()
	cmdlines, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, f := range cmdlines {
		b, err := os.ReadFile(f)
		if err == nil && strings.Contains(string(b), mine) {
			t.Errorf("a browser process is still running: %s", strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
}

// TestRenderScrollsThroughATallEmptyArea: a gallery whose next pictures
// are asked for only past an empty area four screens tall is scrolled
// through to its end, not given up after two screens with nothing new.
func TestRenderScrollsThroughATallEmptyArea(t *testing.T) {
	browser := needBrowser(t)
	srv := (&rendertest.ScrollSite{Gap: 4000}).Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	images, err := Render(ctx, srv.URL+"/gallery", Options{Browser: browser, Settle: testSettle, MaxScreens: 80})
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	assertPictures(t, images, srv.URL, rendertest.Pictures)
	assertNoBrowserLeft(t)
}
