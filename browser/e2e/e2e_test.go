//go:build browsere2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"haul/browser"
)

// secret is the member's session, which only the browser holds.
const secret = "s3cret-member-session"

// lastPicture is how many pictures the gallery draws, p01 to p20.
const lastPicture = 20

// picture is a PNG of its own for name, the size of a photo on a page.
func picture(name string) []byte {
	h := fnv.New32a()
	h.Write([]byte(name))
	seed := h.Sum32()
	img := image.NewRGBA(image.Rect(0, 0, 360+len(name), 240))
	for i := range img.Pix {
		img.Pix[i] = byte(i*7) ^ byte(seed>>(i%24))
	}
	img.Set(0, 0, color.RGBA{R: byte(seed), G: byte(seed >> 8), B: byte(seed >> 16), A: 255})
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

// galleryPage draws four pictures at first (a plain one, one in a srcset,
// one in a picture element, a lazy one) and a decoration as a CSS
// background, and the rest three at a time as the page is scrolled to its
// end, each shown only when it comes into view.
const galleryPage = `<!doctype html><html><head><title>Members gallery</title>
<style>.tile{height:500px} .bg{width:300px;height:200px;background-image:url("/img/bg.png")}</style></head>
<body><h1>Members only</h1>
<img src="/img/p01.png" width="400">
<img src="/img/small-p02.png" srcset="/img/small-p02.png 320w, /img/p02.png 1600w" sizes="300px">
<picture><source srcset="/img/small-p03.png 1x, /img/p03.png 2x"><img src="/img/small-p03.png"></picture>
<div class="tile"><img class="lazy" src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==" data-src="/img/p04.png"></div>
<div class="bg"></div>
<div id="feed"></div>
<script>
const shown = new IntersectionObserver((entries) => entries.forEach((e) => {
  if (e.isIntersecting) { e.target.src = e.target.dataset.src; shown.unobserve(e.target); }
}));
document.querySelectorAll("img.lazy").forEach((img) => shown.observe(img));
let next = 5;
function more() {
  for (let i = 0; i < 3 && next <= ` + "20" + `; i++, next++) {
    const tile = document.createElement("div");
    tile.className = "tile";
    const img = document.createElement("img");
    img.className = "lazy";
    img.dataset.src = "/img/p" + String(next).padStart(2, "0") + ".png";
    tile.appendChild(img);
    document.getElementById("feed").appendChild(tile);
    shown.observe(img);
  }
}
window.addEventListener("scroll", () => {
  if (window.innerHeight + window.scrollY >= document.body.scrollHeight - 300) more();
});
</script></body></html>`

// gallery is the members-only site: /login gives the browser its session
// cookie, and the gallery and its pictures need it; the pictures also need
// the gallery as Referer. It remembers the requests Haul made.
type gallery struct {
	srv  *httptest.Server
	mu   sync.Mutex
	haul []*http.Request
}

func newGallery(t *testing.T) *gallery {
	g := &gallery{}
	mux := http.NewServeMux()
	mux.HandleFunc("/login", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "member", Value: secret, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
		http.Redirect(w, r, "/gallery", http.StatusFound)
	})
	mux.HandleFunc("/gallery", func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie("member"); err != nil || c.Value != secret {
			http.Error(w, "members only", http.StatusForbidden)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, galleryPage)
	})
	mux.HandleFunc("/img/", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept-Encoding") == "identity" { // Haul asks for files as they are
			g.mu.Lock()
			g.haul = append(g.haul, r)
			g.mu.Unlock()
		}
		c, err := r.Cookie("member")
		if err != nil || c.Value != secret || r.Referer() != g.srv.URL+"/gallery" {
			http.Error(w, "members only", http.StatusForbidden)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Write(picture(strings.TrimPrefix(r.URL.Path, "/img/")))
	})
	g.srv = httptest.NewServer(mux)
	t.Cleanup(g.srv.Close)
	return g
}

// haulRequests are the requests Haul made for pictures.
func (g *gallery) haulRequests() []*http.Request {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]*http.Request(nil), g.haul...)
}

// wanted are the pictures Haul must save: each at its largest; the small
// variants and the decoration must not be saved.
func wanted() map[string][]byte {
	want := map[string][]byte{}
	for i := 1; i <= lastPicture; i++ {
		name := fmt.Sprintf("p%02d.png", i)
		want[name] = picture(name)
	}
	return want
}

// buildHaul compiles haul without its window into dir.
func buildHaul(t *testing.T, dir string) string {
	bin := filepath.Join(dir, "haul")
	cmd := exec.Command("go", "build", "-tags", "nogui", "-o", bin, "haul")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// extensionDir is the extension's folder in the repository.
func extensionDir(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "extension"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// stopServe ends the "haul serve" that bin's host started.
func stopServe(bin string) {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid)); string(cmdline) == bin+"\x00serve\x00" {
			syscall.Kill(pid, syscall.SIGTERM)
		}
	}
}

// serviceWorker waits for the extension's service worker to be running.
func serviceWorker(t *testing.T, ctx context.Context) target.ID {
	deadline := time.Now().Add(30 * time.Second)
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	want := "chrome-extension://" + browser.ChromeExtensionID + "/background.js"
	for {
		targets, err := chromedp.Targets(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var seen []string
		for _, tg := range targets {
			if tg.Type == "service_worker" && tg.URL == want {
				return tg.TargetID
			}
			seen = append(seen, tg.Type+" "+tg.URL)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the extension's service worker %s did not start; Chromium runs: %v", want, seen)
		}
		<-tick.C
	}
}

// waitSaved waits until every wanted picture is in dir with its bytes.
func waitSaved(t *testing.T, dir string, want map[string][]byte) {
	deadline := time.Now().Add(60 * time.Second)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		missing := []string{}
		for name, body := range want {
			if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(got, body) {
				missing = append(missing, name)
			}
		}
		if len(missing) == 0 {
			return
		}
		if time.Now().After(deadline) {
			entries, _ := os.ReadDir(dir)
			var have []string
			for _, e := range entries {
				info, _ := e.Info()
				have = append(have, fmt.Sprintf("%s(%d)", e.Name(), info.Size()))
			}
			t.Fatalf("not saved byte for byte in %s: %v; it holds %v", dir, missing, have)
		}
		<-tick.C
	}
}

// session is Chromium with the extension, and the Haul it hands pictures
// to, in a home folder of its own.
type session struct {
	home string
	bin  string          // the haul the browser's host starts
	env  []string        // the environment Chromium and Haul run in
	tab  context.Context // the browser's first tab
	sw   context.Context // the extension's service worker, once found
}

// saved is the folder the session's Haul saves into.
func (s *session) saved() string { return filepath.Join(s.home, "pics", "Haul") }

// newSession builds Haul, connects it to a new Chromium profile and
// starts Chromium headless with the extension, and with more options.
func newSession(t *testing.T, more ...chromedp.ExecAllocatorOption) *session {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("Chromium is not installed (apt-get install chromium, or make test-browser installs it)")
	}
	home, err := os.MkdirTemp("", "haulb")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	bin := buildHaul(t, home)
	t.Cleanup(func() { stopServe(bin) })
	profile := filepath.Join(home, ".config", "chromium")
	os.MkdirAll(profile, 0o700)
	os.MkdirAll(filepath.Join(home, "run"), 0o700)
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_RUNTIME_DIR=" + filepath.Join(home, "run"),
		"XDG_PICTURES_DIR=" + filepath.Join(home, "pics"), "DISPLAY=", "WAYLAND_DISPLAY=", "LANG=en_US.UTF-8"}

	install := exec.Command(bin, "browser", "install")
	install.Env = append(os.Environ(), env...)
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("haul browser install: %v\n%s", err, out)
	}
	ext := extensionDir(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.UserDataDir(profile),
		chromedp.Flag("headless", "new"),
		chromedp.Flag("load-extension", ext),
		chromedp.Flag("disable-extensions-except", ext),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1000, 800),
		chromedp.Env(env...),
	}
	opts = append(opts, more...)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	t.Cleanup(cancel)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	tabCtx, cancelTab := chromedp.NewContext(allocCtx)
	t.Cleanup(cancelTab)
	return &session{home: home, bin: bin, env: env, tab: tabCtx}
}

// open loads address in the session's tab and returns the page's title.
func (s *session) open(t *testing.T, address string) string {
	if err := chromedp.Do(s.tab, chromedp.Navigate(address)); err != nil {
		t.Fatal(err)
	}
	title, err := chromedp.Run(s.tab, chromedp.Title())
	if err != nil {
		t.Fatal(err)
	}
	return title
}

// worker is the extension's service worker, found the first time.
func (s *session) worker(t *testing.T) context.Context {
	if s.sw == nil {
		sw := serviceWorker(t, s.tab)
		swCtx, cancelSW := chromedp.NewContext(s.tab, chromedp.WithTargetID(sw))
		t.Cleanup(cancelSW)
		s.sw = swCtx
	}
	return s.sw
}

// saveAll presses "Save all pictures with Haul" on the tab whose address
// ends in suffix, and returns Haul's reply.
func (s *session) saveAll(t *testing.T, suffix string) browser.Reply {
	save := `(async () => {
		const tabs = await chrome.tabs.query({});
		const tab = tabs.find((t) => t.url && t.url.endsWith(` + strconv.Quote(suffix) + `));
		return await haulSaveAllPictures(tab.id);
	})()`
	reply, err := chromedp.Run(s.worker(t), chromedp.Evaluate[browser.Reply](save, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("Save all pictures: %v", err)
	}
	return reply
}

func TestSaveAllPicturesFromChromium(t *testing.T) {
	s := newSession(t)
	g := newGallery(t)
	if title := s.open(t, g.srv.URL+"/login"); title != "Members gallery" {
		t.Fatalf("the browser is on %q, not the gallery: it was not let in", title)
	}
	tabCtx, swCtx := s.tab, s.worker(t)
	started := time.Now()
	reply := s.saveAll(t, "/gallery")
	handed := time.Since(started)
	want := wanted()
	if !reply.OK || reply.Added != len(want) || reply.Note != "20 to save; 1 picture left out: backgrounds" {
		b, _ := json.Marshal(reply)
		t.Fatalf("Haul answered %s, want %d pictures added and the decoration left out", b, len(want))
	}
	saved := s.saved()
	waitSaved(t, saved, want)
	t.Logf("%d pictures handed over in %v (scrolling included), all saved byte for byte %v after the click", len(want), handed.Round(time.Millisecond), time.Since(started).Round(time.Millisecond))

	entries, _ := os.ReadDir(saved)
	if len(entries) != len(want) {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("saved %v, want only the %d largest pictures", names, len(want))
	}
	// A picture and a link, as their menu entries hand them over.
	one := `(async () => {
		const tabs = await chrome.tabs.query({});
		const tab = tabs.find((t) => t.url && t.url.endsWith("/gallery"));
		const picture = await savePicture(tab, { srcUrl: "` + g.srv.URL + `/img/one.png", pageUrl: tab.url });
		const link = await saveLinks(tab, { linkUrl: "` + g.srv.URL + `/img/linked.png", pageUrl: tab.url });
		return picture.added + link.added;
	})()`
	if n, err := chromedp.Run(swCtx, chromedp.Evaluate[int](one, chromedp.EvalAwaitPromise)); err != nil || n != 2 {
		t.Fatalf("Save picture and Save links handed over %d, %v; want 2", n, err)
	}
	waitSaved(t, saved, map[string][]byte{"one.png": picture("one.png"), "linked.png": picture("linked.png")})

	ua, err := chromedp.Run(tabCtx, chromedp.Evaluate[string](`navigator.userAgent`))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range g.haulRequests() {
		if r.UserAgent() != ua {
			t.Errorf("Haul asked for %s as %q, not as the browser %q", r.URL.Path, r.UserAgent(), ua)
		}
	}
}
