package pages_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"haul/downloader/pages"
	"haul/downloader/pages/corpus"
)

// corpusRun is what reading one page of the corpus gave: every picture
// found, and the chosen ones.
type corpusRun struct {
	all, chosen []string
	images      []pages.Image
}

// readCorpusPage reads a page of the corpus through srv as haul get
// -from-page does: Crawl, then Measure.
func readCorpusPage(t *testing.T, client *http.Client, p corpus.Page) corpusRun {
	t.Helper()
	fetch := func(ctx context.Context, u string) (io.ReadCloser, string, *url.URL, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, "", nil, err
		}
		resp, err := client.Do(req)
		if err != nil {
			return nil, "", nil, err
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			return nil, "", nil, fmt.Errorf("%s: %s", u, resp.Status)
		}
		return resp.Body, resp.Header.Get("Content-Type"), resp.Request.URL, nil
	}
	open := func(ctx context.Context, link, page string) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, link, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Referer", page)
		return client.Do(req)
	}
	images, _, err := pages.Crawl(t.Context(), p.URL, 1, fetch)
	if err != nil {
		t.Fatalf("%s: %v", p.Name, err)
	}
	pages.Measure(t.Context(), images, open)
	var r corpusRun
	r.images = images
	for _, img := range images {
		r.all = append(r.all, img.URL)
		if img.Chosen() {
			r.chosen = append(r.chosen, img.URL)
		}
	}
	return r
}

// TestContentFirstCorpus reads every page of the corpus served on
// loopback, pictures at the sizes the pages give them, and checks on the
// pages tuned on and on the pages held out alike that the chosen pictures
// hold at least 99% of those a reader wants and at most a quarter of the
// other pictures that taking every picture saves.
func TestContentFirstCorpus(t *testing.T) {
	all, err := corpus.Load("testdata/corpus")
	if err != nil {
		t.Fatal(err)
	}
	srv := corpus.NewServer(all)
	defer srv.Close()
	proxy, _ := url.Parse(srv.ProxyURL())
	client := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(proxy)}}
	verbose := os.Getenv("HAUL_CORPUS_VERBOSE") != ""
	for _, split := range []string{"tune", "heldout"} {
		t.Run(split, func(t *testing.T) {
			var chosen, every corpus.Tally
			for _, p := range all {
				if p.Split != split {
					continue
				}
				r := readCorpusPage(t, client, p)
				c, e := corpus.Score(p, r.chosen), corpus.Score(p, r.all)
				chosen.Add(c)
				every.Add(e)
				if verbose {
					logPage(t, p, r, c, e)
				}
			}
			for _, u := range every.Unknown {
				t.Errorf("the truth does not list %s", u)
			}
			t.Logf("%s: wanted %d, saved %d (%.1f%%), %d at their largest; other pictures saved %d, every picture taken %d (%.1f%%): %v",
				split, chosen.Wanted, chosen.Saved, percent(chosen.Saved, chosen.Wanted), chosen.Largest,
				chosen.OthersTotal(), every.OthersTotal(), percent(chosen.OthersTotal(), every.OthersTotal()), chosen.Others)
			if chosen.Saved*100 < chosen.Wanted*99 {
				t.Errorf("%s: saved %d of %d wanted pictures, below 99%%", split, chosen.Saved, chosen.Wanted)
			}
			if chosen.OthersTotal()*4 > every.OthersTotal() {
				t.Errorf("%s: saved %d other pictures, more than a quarter of the %d taking every picture saves", split, chosen.OthersTotal(), every.OthersTotal())
			}
		})
	}
}

// logPage shows what was chosen on one page and why the rest was not.
func logPage(t *testing.T, p corpus.Page, r corpusRun, c, e corpus.Tally) {
	label := map[string]string{}
	for _, pic := range p.Pictures {
		for _, cp := range pic.Copies {
			label[cp.URL] = pic.Label
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s/%s: wanted %d saved %d; others %d of %d %v\n", p.Split, p.Name, c.Wanted, c.Saved, c.OthersTotal(), e.OthersTotal(), c.Others)
	for _, img := range r.images {
		mark := "  "
		switch {
		case img.Chosen() && label[img.URL] != corpus.Wanted:
			mark = "+!"
		case !img.Chosen() && label[img.URL] == corpus.Wanted:
			mark = "-!"
		case img.Chosen():
			mark = "+ "
		}
		fmt.Fprintf(&b, "   %s %-8s %-10s %s\n", mark, label[img.URL], img.Why, img.URL)
		if mark[1] == '!' {
			fmt.Fprintf(&b, "          %s\n", pages.Describe(img))
		}
	}
	t.Log(b.String())
}

func percent(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return float64(a) * 100 / float64(b)
}
