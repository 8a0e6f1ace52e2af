//go:build browsere2e

package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"haul/downloader/naming"
	"haul/downloader/pages/corpus"
)

// corpusDir is the corpus of pages content-first choosing is measured on.
const corpusDir = "../../downloader/pages/testdata/corpus"

// TestTheCorpusThroughTheExtension opens every page of the corpus in
// Chromium, through the corpus's proxy, and presses "Save all pictures
// with Haul" on it; haul serve, which has no picker, saves the pictures
// each page is about, each page's in its folder. On the pages tuned on and
// on those held out alike, they hold at least 99% of the pictures a reader
// wants, and at most a quarter of the other pictures the extension hands
// over.
func TestTheCorpusThroughTheExtension(t *testing.T) {
	all, err := corpus.Load(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	srv := corpus.NewServer(all)
	t.Cleanup(srv.Close)
	s := newSession(t, chromedp.ProxyServer(srv.ProxyURL()), chromedp.Flag("disable-features", "HttpsUpgrades"))
	s.env = append(s.env, "HTTP_PROXY="+srv.ProxyURL(), "http_proxy="+srv.ProxyURL())
	served := s.startServe(t, "-subfolders", "-idle", "30m")
	tallies := map[string]*[2]corpus.Tally{"tune": {}, "heldout": {}}
	for _, p := range all {
		title := s.open(t, p.URL)
		reply := s.saveAll(t, p.URL)
		if !reply.OK {
			t.Fatalf("%s: Haul answered %+v", p.Name, reply)
		}
		saved := waitFiles(t, srv, filepath.Join(served, naming.FolderName(title)), reply.Added)
		handed := s.handedOver(t, p.URL)
		if os.Getenv("HAUL_CORPUS_PAGE") == p.Name {
			t.Logf("%s saved %v", p.Name, saved)
		}
		tl := tallies[p.Split]
		tl[0].Add(corpus.Score(p, saved))
		tl[1].Add(corpus.Score(p, handed))
		if os.Getenv("HAUL_CORPUS_VERBOSE") != "" {
			c, h := corpus.Score(p, saved), corpus.Score(p, handed)
			t.Logf("%s/%s: wanted %d saved %d; others %d of %d handed over %v; missed %v", p.Split, p.Name, c.Wanted, c.Saved, c.OthersTotal(), h.OthersTotal(), c.Others, c.Missed)
		}
	}
	for _, split := range []string{"tune", "heldout"} {
		chosen, handed := tallies[split][0], tallies[split][1]
		t.Logf("%s: saved %d of %d wanted (%.1f%%), %d at their largest; %d other pictures, the extension hands over %d (%.1f%%): %v",
			split, chosen.Saved, chosen.Wanted, percent(chosen.Saved, chosen.Wanted), chosen.Largest,
			chosen.OthersTotal(), handed.OthersTotal(), percent(chosen.OthersTotal(), handed.OthersTotal()), chosen.Others)
		for _, u := range chosen.Unknown {
			t.Errorf("saved a picture the truth does not list: %s", u)
		}
		if chosen.Saved*100 < chosen.Wanted*99 {
			t.Errorf("%s: saved %d of %d wanted pictures, below 99%%", split, chosen.Saved, chosen.Wanted)
		}
		if chosen.OthersTotal()*4 > handed.OthersTotal() {
			t.Errorf("%s: saved %d other pictures, more than a quarter of the %d handed over", split, chosen.OthersTotal(), handed.OthersTotal())
		}
	}
}

// handedOver are the pictures the extension hands Haul from the page at
// address as it stands: every one the collector finds.
func (s *session) handedOver(t *testing.T, address string) []string {
	collect := `(async () => {
		const tabs = await chrome.tabs.query({});
		const tab = tabs.find((t) => t.url === ` + strconv.Quote(address) + `);
		return (await collectFrom(tab.id, 0)).links;
	})()`
	links, err := chromedp.Run(s.worker(t), chromedp.Evaluate[[]string](collect, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("collect %s: %v", address, err)
	}
	return links
}

// waitFiles waits until folder holds n files, none of them half-written,
// and returns the addresses they came from.
func waitFiles(t *testing.T, srv *corpus.Server, folder string, n int) []string {
	deadline := time.Now().Add(60 * time.Second)
	for {
		entries, _ := os.ReadDir(folder)
		var links []string
		done := 0
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".part") {
				continue
			}
			done++
			body, err := os.ReadFile(filepath.Join(folder, e.Name()))
			if err == nil {
				links = append(links, srv.Which(body))
			}
		}
		if done >= n {
			return links
		}
		if time.Now().After(deadline) {
			t.Errorf("%s holds %d files, want %d", folder, done, n)
			return links
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// percent is a share of b in per cent.
func percent(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return float64(a) * 100 / float64(b)
}
