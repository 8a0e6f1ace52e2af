//go:build browsere2e

package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestSaveLinksSendsTheWholeSelection selects three links of a page and
// right-clicks one of them: "Save links with Haul" hands over all three.
func TestSaveLinksSendsTheWholeSelection(t *testing.T) {
	s := newSession(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/list" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<!doctype html><title>Downloads</title><p id="links"><a href="/f/one.png">one</a>, <a href="/f/two.png">two</a> and <a href="/f/three.png">three</a></p>`)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Write(picture(r.URL.Path))
	}))
	t.Cleanup(srv.Close)
	s.open(t, srv.URL+"/list")
	if _, err := chromedp.Run(s.tab, chromedp.Evaluate[bool](`(getSelection().selectAllChildren(document.getElementById("links")), true)`)); err != nil {
		t.Fatal(err)
	}
	save := `(async () => {
		const tabs = await chrome.tabs.query({});
		const tab = tabs.find((t) => t.url && t.url.endsWith("/list"));
		const reply = await saveLinks(tab, { linkUrl: ` + strconv.Quote(srv.URL+"/f/two.png") + `, selectionText: "one, two and three", pageUrl: tab.url });
		return reply.added;
	})()`
	n, err := chromedp.Run(s.worker(t), chromedp.Evaluate[int](save, chromedp.EvalAwaitPromise))
	if err != nil || n != 3 {
		t.Fatalf("Save links on a link of a selection of three handed over %d, %v; want 3", n, err)
	}
	waitSaved(t, s.saved(), map[string][]byte{"one.png": picture("/f/one.png"), "two.png": picture("/f/two.png"), "three.png": picture("/f/three.png")})
}

// endlessFeed grows by a screen of pictures each time it is scrolled to
// its end, for ever.
const endlessFeed = `<!doctype html><title>Endless</title><div id="feed"></div><script>
let n = 0;
function more() { for (let i = 0; i < 4; i++, n++) { const img = document.createElement("img"); img.src = "/p/" + n + ".png"; img.width = 360; img.height = 240; document.getElementById("feed").appendChild(img); } }
more(); more();
addEventListener("scroll", () => { if (innerHeight + scrollY >= document.body.scrollHeight - 300) more(); });
</script>`

// TestAFeedThatNeverEndsSaysWhereItStopped scrolls a feed that grows for
// ever with a limit of 6 screens: the scrolling shows on the page how far
// it got, and stops at the limit saying so on the page and in what it
// returns, with every picture seen so far.
func TestAFeedThatNeverEndsSaysWhereItStopped(t *testing.T) {
	s := newSession(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/endless" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, endlessFeed)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Write(picture(r.URL.Path))
	}))
	t.Cleanup(srv.Close)
	s.open(t, srv.URL+"/endless")
	collect := `(async () => {
		const tabs = await chrome.tabs.query({});
		const tab = tabs.find((t) => t.url && t.url.endsWith("/endless"));
		const found = await collectFrom(tab.id, 6);
		return { stoppedAt: found.stoppedAt, pictures: found.links.length };
	})()`
	type collected struct {
		StoppedAt int `json:"stoppedAt"`
		Pictures  int `json:"pictures"`
	}
	got, err := chromedp.Run(s.worker(t), chromedp.Evaluate[collected](collect, chromedp.EvalAwaitPromise))
	if err != nil || got.StoppedAt != 6 || got.Pictures < 12 {
		t.Fatalf("collecting an endless feed with 6 screens gave %+v, %v; want it stopped at 6 with the pictures seen", got, err)
	}
	notice, err := chromedp.Run(s.tab, chromedp.Evaluate[string](`(() => { const el = document.documentElement.lastElementChild; return el && el.tagName === "DIV" && el.style.position === "fixed" ? "shown" : "" })()`))
	if err != nil || notice != "shown" {
		t.Errorf("the page shows no notice that the scrolling stopped: %q, %v", notice, err)
	}
	if strings.Contains(endlessFeed, "haul") {
		t.Fatal("the page must not know of Haul")
	}
}
