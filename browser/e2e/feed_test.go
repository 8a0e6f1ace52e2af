//go:build browsere2e

package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/chromedp/chromedp"

	"haul/browser"
)

// feedPage is a members' feed: the site's logo, then 24 posts, each with
// its author's avatar and a photo, and an ad between the sixth and the
// seventh.
func feedPage() string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html><head><title>Your feed</title></head><body>
<div class="topbar"><a href="/"><img src="/static/logo.png" alt="PhotoCircle" width="140" height="36"></a></div>
<main class="feed">`)
	for i := 1; i <= 24; i++ {
		fmt.Fprintf(&b, `<div class="post"><div class="post-head"><img class="avatar" src="/u/%d/avatar.png" width="40" height="40"><span>member %d</span></div>
<img class="photo" src="/photos/photo%02d.png" width="360" height="240"></div>
`, i%5, i%5, i)
		if i == 6 {
			b.WriteString(`<div class="post sponsored"><a href="http://ads.example.test/c"><img src="/ads/spring-sale.png" width="360" height="240"></a><span>Sponsored</span></div>`)
		}
	}
	b.WriteString(`</main></body></html>`)
	return b.String()
}

// serveFeed serves feedPage and its pictures, and also three small pages
// /tab/1 to /tab/3 titled "Tab 1" to "Tab 3", each with the site's logo
// and its own photos (one, two and three).
func serveFeed(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/feed":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, feedPage())
		case strings.HasPrefix(r.URL.Path, "/tab/"):
			n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/tab/"))
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, `<!doctype html><title>Tab %d</title><header><img src="/static/logo.png" alt="Logo" width="140" height="36"></header><div class="photos">`, n)
			for i := 1; i <= n; i++ {
				fmt.Fprintf(w, `<img src="/tabs/t%d-%d.png">`, n, i)
			}
			fmt.Fprint(w, `</div>`)
		case strings.HasSuffix(r.URL.Path, ".png"):
			w.Header().Set("Content-Type", "image/png")
			w.Write(picture(r.URL.Path))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestAFeedGivesOnlyItsPhotos saves a feed with the extension: of the
// logo, the avatars, the ad and the 24 photos, the message the extension
// hands over opens the picker with exactly the 24 photos chosen, and haul
// serve, which has no picker, saves exactly them.
func TestAFeedGivesOnlyItsPhotos(t *testing.T) {
	s := newSession(t)
	srv := serveFeed(t)
	if title := s.open(t, srv.URL+"/feed"); title != "Your feed" {
		t.Fatalf("the browser is on %q", title)
	}
	reply, msg := s.handOver(t, `(async () => {
		const tabs = await chrome.tabs.query({});
		return haulSaveAllPictures(tabs.find((t) => t.url && t.url.endsWith("/feed")).id);
	})()`)
	if !reply.OK || reply.Added != 24 {
		t.Fatalf("Haul answered %+v, want the 24 photos", reply)
	}
	var photos []string
	for i := 1; i <= 24; i++ {
		photos = append(photos, fmt.Sprintf("photo%02d.png", i))
	}
	if groups := chosenByPage(msg); len(groups) != 1 || !slices.Equal(groups[srv.URL+"/feed"], photos) {
		t.Errorf("the picker opens with %v chosen, want the 24 photos alone", groups)
	}
	want := map[string][]byte{}
	for i := 1; i <= 24; i++ {
		name := fmt.Sprintf("photo%02d.png", i)
		want[name] = picture("/photos/" + name)
	}
	waitSaved(t, s.saved(), want)
	if names := savedNames(t, s.saved()); len(names) != 24 {
		t.Errorf("saved %v, want only the 24 photos", names)
	}
}

// TestEveryTabOfAWindowGoesInOneMessage opens three pages in three tabs of
// one window and saves them all at once: one message reaches Haul with the
// three pages, and haul serve -subfolders puts each page's photos in a
// folder named after it, the logos left out.
func TestEveryTabOfAWindowGoesInOneMessage(t *testing.T) {
	s := newSession(t)
	srv := serveFeed(t)
	serve := s.startServe(t, "-subfolders")
	if title := s.open(t, srv.URL+"/tab/1"); title != "Tab 1" {
		t.Fatalf("the browser is on %q", title)
	}
	all := `(async () => {
		const tabs = await chrome.tabs.query({});
		const first = tabs.find((t) => t.url && t.url.endsWith("/tab/1"));
		for (const u of [` + strconv.Quote(srv.URL+"/tab/2") + `, ` + strconv.Quote(srv.URL+"/tab/3") + `]) {
			await new Promise((done) => chrome.tabs.create({ windowId: first.windowId, url: u, active: false }, (tab) => {
				const loaded = (id, info) => {
					if (id === tab.id && info.status === "complete") { chrome.tabs.onUpdated.removeListener(loaded); done(); }
				};
				chrome.tabs.onUpdated.addListener(loaded);
			}));
		}
		return await haulSaveAllTabs(first.windowId, first.id);
	})()`
	reply, msg := s.handOver(t, all)
	if !reply.OK || reply.Added != 6 {
		t.Fatalf("Haul answered %+v, want the 6 photos of the 3 tabs", reply)
	}
	groups := chosenByPage(msg)
	for n := 1; n <= 3; n++ {
		var want []string
		for i := 1; i <= n; i++ {
			want = append(want, fmt.Sprintf("t%d-%d.png", n, i))
		}
		if got := groups[fmt.Sprintf("%s/tab/%d", srv.URL, n)]; !slices.Equal(got, want) {
			t.Errorf("the picker's group of tab %d has %v chosen, want %v", n, got, want)
		}
	}
	if len(groups) != 3 {
		t.Errorf("the picker opens with the groups %v, want one for each of the 3 tabs", groups)
	}
	for n := 1; n <= 3; n++ {
		want := map[string][]byte{}
		for i := 1; i <= n; i++ {
			name := fmt.Sprintf("t%d-%d.png", n, i)
			want[name] = picture("/tabs/" + name)
		}
		folder := filepath.Join(serve, fmt.Sprintf("Tab %d", n))
		waitSaved(t, folder, want)
		if names := savedNames(t, folder); len(names) != n {
			t.Errorf("%s holds %v, want only its %d photos", folder, names, n)
		}
	}
	if names := savedNames(t, serve); len(names) != 3 {
		t.Errorf("%s holds %v, want a folder for each of the 3 tabs", serve, names)
	}
}

// handOver runs action in the extension, a script whose promise is
// Haul's reply to what it handed over, and returns the reply and the
// message the extension handed over, as Haul reads it.
func (s *session) handOver(t *testing.T, action string) (browser.Reply, browser.Message) {
	wrapped := `(async () => {
		const original = send;
		let handed;
		send = (tabId, message, ...rest) => { handed = message; return original(tabId, message, ...rest); };
		try {
			const reply = await ` + action + `;
			return { reply, message: JSON.stringify(handed) };
		} finally {
			send = original;
		}
	})()`
	type result struct {
		Reply   browser.Reply `json:"reply"`
		Message string        `json:"message"`
	}
	r, err := chromedp.Run(s.worker(t), chromedp.Evaluate[result](wrapped, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("hand the pictures over: %v", err)
	}
	msg, err := browser.Parse([]byte(r.Message))
	if err != nil {
		t.Fatalf("the message handed over: %v", err)
	}
	return r.Reply, msg
}

// chosenByPage are the pictures of msg the window's picker opens with
// chosen (browser.Message.Pictures, the picker's source), by the page whose
// group they are in, each named by its file name.
func chosenByPage(msg browser.Message) map[string][]string {
	groups := map[string][]string{}
	for _, img := range msg.Pictures() {
		if img.Chosen() {
			groups[img.Page] = append(groups[img.Page], path.Base(img.URL))
		}
	}
	return groups
}

// startServe starts haul serve with flags, saving into a folder of its
// own, before the extension hands anything over; the native host hands
// what comes to it. It returns the folder.
func (s *session) startServe(t *testing.T, flags ...string) string {
	dir := filepath.Join(s.home, "served")
	cmd := exec.Command(s.bin, append([]string{"serve", "-o", dir}, flags...)...)
	cmd.Env = append(os.Environ(), s.env...)
	ready := make(chan struct{})
	cmd.Stderr = &readyWriter{ready: ready}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	log := cmd.Stderr.(*readyWriter)
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
		if t.Failed() {
			t.Logf("haul serve said:\n%s", log.text.String())
			filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					info, _ := d.Info()
					t.Logf("  %s %d", p, info.Size())
				}
				return nil
			})
		}
	})
	<-ready
	return dir
}

// readyWriter closes ready when haul serve says it is ready.
type readyWriter struct {
	ready chan struct{}
	done  bool
	text  strings.Builder
}

func (w *readyWriter) Write(p []byte) (int, error) {
	w.text.Write(p)
	if !w.done && strings.Contains(string(p), "saving what the browser hands over") {
		w.done = true
		close(w.ready)
	}
	return len(p), nil
}

// savedNames lists what dir holds.
func savedNames(t *testing.T, dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
