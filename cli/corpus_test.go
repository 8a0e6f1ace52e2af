package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/pages/corpus"
)

// corpusDir is the corpus of pages content-first choosing is measured on.
const corpusDir = "../downloader/pages/testdata/corpus"

// savedLinks reads a -report-machine report and returns the links saved.
func savedLinks(t *testing.T, report string) []string {
	t.Helper()
	f, err := os.Open(report)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var links []string
	for _, row := range rows[1:] {
		if row[1] == "done" {
			links = append(links, row[0])
		}
	}
	return links
}

// fromPageThroughCorpus runs haul get -from-page on page p of the corpus
// through the corpus's proxy, with extra flags, and returns the links it
// saved.
func fromPageThroughCorpus(t *testing.T, srv *corpus.Server, p corpus.Page, extra ...string) []string {
	dir := t.TempDir()
	report := filepath.Join(dir, "report.csv")
	args := append([]string{"-o", filepath.Join(dir, "out"), "-state", "off", "-proxy", srv.ProxyURL(),
		"-report", report, "-report-machine", "-from-page", p.URL}, extra...)
	r := runGet(t.Context(), "", args...)
	if r.code != exitOK {
		t.Fatalf("%s: exit %d\n%s", p.Name, r.code, r.stderr)
	}
	return savedLinks(t, report)
}

// TestFromPageOnTheCorpus runs haul get -from-page, then -all, on every
// page of the corpus served on loopback with its pictures at the sizes the
// pages give them. On the pages tuned on and on those held out alike, what
// it saves holds at least 99% of the pictures a reader wants, and at most
// a quarter of the other pictures -all saves.
func TestFromPageOnTheCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("saves every picture of the corpus twice")
	}
	pagesOfCorpus, err := corpus.Load(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	srv := corpus.NewServer(pagesOfCorpus)
	defer srv.Close()
	for _, split := range []string{"tune", "heldout"} {
		t.Run(split, func(t *testing.T) {
			var chosen, all corpus.Tally
			for _, p := range pagesOfCorpus {
				if p.Split != split {
					continue
				}
				chosen.Add(corpus.Score(p, fromPageThroughCorpus(t, srv, p)))
				all.Add(corpus.Score(p, fromPageThroughCorpus(t, srv, p, "-all")))
			}
			t.Logf("%s: saved %d of %d wanted (%.1f%%), %d at their largest; %d other pictures, -all saves %d (%.1f%%): %v",
				split, chosen.Saved, chosen.Wanted, percent(chosen.Saved, chosen.Wanted), chosen.Largest,
				chosen.OthersTotal(), all.OthersTotal(), percent(chosen.OthersTotal(), all.OthersTotal()), chosen.Others)
			for _, u := range append(chosen.Unknown, all.Unknown...) {
				t.Errorf("saved a picture the truth does not list: %s", u)
			}
			if chosen.Saved*100 < chosen.Wanted*99 {
				t.Errorf("saved %d of %d wanted pictures, below 99%%", chosen.Saved, chosen.Wanted)
			}
			if chosen.OthersTotal()*4 > all.OthersTotal() {
				t.Errorf("saved %d other pictures, more than a quarter of the %d -all saves", chosen.OthersTotal(), all.OthersTotal())
			}
		})
	}
}

// percent is a share of b in per cent.
func percent(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return float64(a) * 100 / float64(b)
}
