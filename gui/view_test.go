package gui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"haul/downloader"
)

func TestRowViewSaysWhatIsHappening(t *testing.T) {
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	notFound := &downloader.ItemError{Kind: downloader.ErrHTTP, Status: 404, Message: "Not found (404): the link is broken or the file was removed."}
	tests := []struct {
		name string
		s    downloader.ItemSnapshot
		want rowView
	}{
		{"queued", downloader.ItemSnapshot{URL: "https://x.org/a.jpg", State: downloader.Queued, Total: -1},
			rowView{Title: "https://x.org/a.jpg", Progress: -1, Status: "Waiting its turn"}},
		{"active", downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Active, Bytes: 1_000_000, Total: 4_000_000, Speed: 1_500_000, Attempts: 1},
			rowView{Title: "a.jpg", Progress: 0.25, Size: "1.0 MB of 4.0 MB", Speed: "1.5 MB/s", Left: "2 s left", Status: "Downloading"}},
		{"second try", downloader.ItemSnapshot{URL: "u", State: downloader.Active, Total: -1, Attempts: 2},
			rowView{Title: "u", Progress: -1, Status: "Downloading (try 2)"}},
		{"slowed down", downloader.ItemSnapshot{URL: "u", State: downloader.Waiting, Total: -1, SlowedDown: true, RetryAt: now.Add(40 * time.Second)},
			rowView{Title: "u", Progress: -1, Status: "Waiting: the site asked us to slow down, retrying in 0:40"}},
		{"not found", downloader.ItemSnapshot{URL: "u", State: downloader.Failed, Total: -1, Err: notFound},
			rowView{Title: "u", Progress: -1, Status: notFound.Message, Problem: notFound.Message}},
		{"saved", downloader.ItemSnapshot{URL: "u", Name: "a.jpg", Path: "/p/a.jpg", State: downloader.Done, Bytes: 240_000, Total: 240_000},
			rowView{Title: "a.jpg", Path: "/p/a.jpg", Progress: 1, Size: "240 kB", Status: "Saved"}},
		{"skipped", downloader.ItemSnapshot{URL: "u", State: downloader.Skipped, Total: -1, Note: "already in the folder"},
			rowView{Title: "u", Progress: -1, Status: "Skipped: already in the folder"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := newRowView(tt.s, now)
			tt.want.URL, tt.want.State = tt.s.URL, tt.s.State
			if got != tt.want {
				t.Errorf("newRowView =\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

func TestTotalsLine(t *testing.T) {
	s := downloader.Summary{Total: 2000, Done: 1942, Skipped: 31, Failed: 12, Queued: 5, Active: 2,
		Running: true, Speed: 2_300_000, Bytes: 100_000_000, Expected: 238_000_000}
	v := newTotalsView(s)
	if want := "1,942 saved · 31 skipped · 12 failed · 7 left · 2.3 MB/s · about 1 min left"; v.Text != want {
		t.Errorf("totals = %q, want %q", v.Text, want)
	}
	if v.Progress != float64(1985)/2000 {
		t.Errorf("progress = %v", v.Progress)
	}
	if got := batchEndText(downloader.Summary{Done: 1942, Failed: 12}); got != "1,942 saved, 12 failed" {
		t.Errorf("notification = %q", got)
	}
}

// TestCatalogueHasEveryString checks that every string the window shows is
// in the English catalogue, so translators see all of them.
func TestCatalogueHasEveryString(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("translations", "en.json"))
	if err != nil {
		t.Fatal(err)
	}
	var catalogue map[string]any
	if err := json.Unmarshal(raw, &catalogue); err != nil {
		t.Fatalf("en.json: %v", err)
	}
	uses := regexp.MustCompile(`lang\.(?:L|X|XN)\("((?:[^"\\]|\\.)*)"`)
	files, _ := filepath.Glob("*.go")
	seen := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range uses.FindAllStringSubmatch(string(src), -1) {
			var key string
			if err := json.Unmarshal([]byte(`"`+m[1]+`"`), &key); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			seen++
			if _, ok := catalogue[key]; !ok {
				t.Errorf("%s: %q is missing from translations/en.json", f, key)
			}
		}
	}
	if seen < 50 {
		t.Errorf("found only %d translated strings; the pattern no longer matches the code", seen)
	}
}
