package gui

import (
	"strings"
	"testing"
	"time"

	"haul/downloader"
)

func TestRowViewSaysWhatIsHappening(t *testing.T) {
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	running := viewContext{now: now, running: true, idleTimeout: 25 * time.Second}
	stopped := viewContext{now: now, idleTimeout: 25 * time.Second}
	notFound := &downloader.ItemError{Kind: downloader.ErrHTTP, Reason: downloader.ReasonHTTP, Status: 404}
	const notFoundText = "Not found (404): the link is broken or the file was removed."
	refused := &downloader.ItemError{Kind: downloader.ErrNetwork, Reason: downloader.ReasonRefused, Host: "x.org", Tries: 6}
	const refusedText = "Could not connect to x.org: the connection was refused — gave up after 6 tries."
	tooMany := &downloader.ItemError{Kind: downloader.ErrHTTP, Reason: downloader.ReasonHTTP, Status: 429}
	const tooManyText = "Too many requests (429): the site kept asking us to slow down. Try again later, or lower the speed."
	denied := &downloader.ItemError{Kind: downloader.ErrHTTP, Reason: downloader.ReasonHTTP, Status: 403}
	const deniedText = "Access denied (403): the site refuses this download; it may need you to log in, or it blocks direct downloads."
	downRefused := &downloader.ItemError{Kind: downloader.ErrNetwork, Reason: downloader.ReasonRefused, Host: "x.org", NotStarted: true}
	const downText = "Could not connect to x.org: the connection was refused."
	tests := []struct {
		name string
		c    viewContext
		s    downloader.ItemSnapshot
		want rowView
	}{
		{"queued shows the name from the link", running, downloader.ItemSnapshot{URL: "https://x.org/pics/a.jpg?w=1", State: downloader.Queued, Total: -1},
			rowView{Progress: -1, Status: "Waiting its turn"}},
		{"waits for its site while slots are free", viewContext{now: now, running: true, slotsFree: true, perHost: 2},
			downloader.ItemSnapshot{URL: "https://x.org/a.jpg", State: downloader.Queued, Total: -1},
			rowView{Progress: -1, Status: "Waiting for its site: at most 2 at once from one site"}},
		{"waits for a slowed site to try again", viewContext{now: now, running: true, slotsFree: true, slowed: map[string]bool{"x.org:443": true}},
			downloader.ItemSnapshot{URL: "https://x.org/a.jpg", State: downloader.Queued, Total: -1, Failures: 1, Err: tooMany},
			rowView{Progress: -1, Status: "Waiting for its site, which is asked more slowly (try 2)", Problem: tooManyText}},
		{"a site never slowed is not said to be", viewContext{now: now, running: true, slotsFree: true, slowed: map[string]bool{"y.org:443": true}},
			downloader.ItemSnapshot{URL: "https://x.org/a.jpg", State: downloader.Queued, Total: -1},
			rowView{Progress: -1, Status: "Waiting its turn"}},
		{"slots taken by a large file's connections", viewContext{now: now, running: true, split: 8},
			downloader.ItemSnapshot{URL: "https://x.org/a.jpg", State: downloader.Queued, Total: -1},
			rowView{Progress: -1, Status: "Waiting its turn: a large file takes 8 connections"}},
		{"waits to try again after a refusal", viewContext{now: now, running: true, slotsFree: true, slowed: map[string]bool{"x.org:443": true}},
			downloader.ItemSnapshot{URL: "https://x.org/a.jpg", State: downloader.Queued, Total: -1, Failures: 1, Err: denied},
			rowView{Progress: -1, Status: "Waiting to try again (try 2): " + deniedText, Problem: deniedText}},
		{"not started", stopped, downloader.ItemSnapshot{URL: "https://x.org/a.jpg", State: downloader.Queued, Total: -1},
			rowView{Progress: -1, Status: "Not started; press Start"}},
		{"stopped is not waiting", stopped, downloader.ItemSnapshot{URL: "https://x.org/a.jpg", State: downloader.Queued, Bytes: 1000, Total: 4000, Attempts: 1},
			rowView{Progress: 0.25, Size: "1.0 kB of 4.0 kB", Status: "Stopped; Start resumes it"}},
		{"active", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Active, Bytes: 1_000_000, Total: 4_000_000, Speed: 1_500_000, Attempts: 1},
			rowView{Title: "a.jpg", Progress: 0.25, Size: "1.0 MB of 4.0 MB", Status: "1.5 MB/s · 2 s left"}},
		{"a large file over several connections", running, downloader.ItemSnapshot{URL: "u", Name: "big.zip", State: downloader.Active, Bytes: 18_000_000, Total: 210_000_000, Speed: 3_000_000, Attempts: 1, Connections: 4},
			rowView{Title: "big.zip", Progress: 18.0 / 210, Size: "18 MB of 210 MB", Status: "3.0 MB/s · 1 min left · 4 connections"}},
		{"connections before the speed is known", running, downloader.ItemSnapshot{URL: "u", Name: "big.zip", State: downloader.Active, Total: 210_000_000, Attempts: 2, Failures: 1, Connections: 2},
			rowView{Title: "big.zip", Progress: 0, Size: "210 MB", Status: "2 connections (try 2)"}},
		{"resumed after a pause is not a second try", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Active, Total: -1, Attempts: 2},
			rowView{Title: "a.jpg", Progress: -1, Status: "Downloading"}},
		{"second try after a failure", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Active, Total: -1, Attempts: 2, Failures: 1},
			rowView{Title: "a.jpg", Progress: -1, Status: "Downloading (try 2)"}},
		{"stalled", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Active, Bytes: 10, Total: -1, Attempts: 1, Idle: 20*time.Second + 300*time.Millisecond},
			rowView{Title: "a.jpg", Progress: -1, Size: "10 B", Status: "No data for 20 s — will try again in 5 s"}},
		{"slowed down", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Waiting, Total: -1, SlowedDown: true, RetryAt: now.Add(40 * time.Second)},
			rowView{Title: "a.jpg", Progress: -1, Status: "Waiting: the site asked us to slow down, retrying in 0:40"}},
		{"not found", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Failed, Total: -1, Err: notFound, Attempts: 1},
			rowView{Title: "a.jpg", Progress: -1, Status: notFoundText, Problem: notFoundText}},
		{"failed again after Retry", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Failed, Total: -1, Err: notFound, Attempts: 2},
			rowView{Title: "a.jpg", Progress: -1, Status: "Failed again (tried 2 times): " + notFoundText, Problem: notFoundText}},
		{"not tried again once its site was down", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Failed, Total: -1, Err: downRefused, Attempts: 4},
			rowView{Title: "a.jpg", Progress: -1, Status: "Not tried again after 4 tries: " + downText, Problem: "Not started: " + downText}},
		{"gave up after retries says the tries once", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Failed, Total: -1, Err: refused, Attempts: 6},
			rowView{Title: "a.jpg", Progress: -1, Status: refusedText, Problem: refusedText}},
		{"failed with nothing received shows no bar", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Failed, Total: 4000, Err: notFound, Attempts: 1},
			rowView{Title: "a.jpg", Progress: -1, Status: notFoundText, Problem: notFoundText}},
		{"failed partway shows what is kept", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Failed, Bytes: 1000, Total: 4000, Err: notFound, Attempts: 1},
			rowView{Title: "a.jpg", Progress: 0.25, Size: "1.0 kB of 4.0 kB", Status: notFoundText, Problem: notFoundText}},
		{"saved", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", Path: "/p/a.jpg", State: downloader.Done, Bytes: 240_000, Total: 240_000},
			rowView{Title: "a.jpg", Path: "/p/a.jpg", Progress: 1, Size: "240 kB", Status: "Saved"}},
		{"skipped", running, downloader.ItemSnapshot{URL: "https://x.org/b.png", State: downloader.Skipped, Total: -1, Note: downloader.Note{Kind: downloader.NoteInFolder, Name: "b.png"}},
			rowView{Progress: -1, Status: "Skipped: Already in the folder: b.png"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := newRowView(tt.s, tt.c)
			tt.want.URL, tt.want.State = tt.s.URL, tt.s.State
			if name := nameFromLink(tt.s.URL); tt.s.Name == "" && got.name() != name {
				t.Errorf("row name %q, want %q from the link", got.name(), name)
			}
			if got != tt.want {
				t.Errorf("newRowView =\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

func TestTotalsLine(t *testing.T) {
	s := downloader.Summary{Total: 2000, Done: 1942, Skipped: 31, Failed: 12, Queued: 5, Active: 2,
		Running: true, Speed: 2_300_000, Bytes: 100_000_000, Expected: 238_000_000, Sized: 1990}
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

// TestSlowedSitesShowOnlyWhileTheBatchRuns: the sites Haul holds back are
// named in the totals while there is something to download, not once the
// batch is done or stopped.
func TestSlowedSitesShowOnlyWhileTheBatchRuns(t *testing.T) {
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	sites := []downloader.SiteSlowed{{Site: "x.org:443", AtOnce: 2}}
	tests := []struct {
		name string
		s    downloader.Summary
		want bool
	}{
		{"running", downloader.Summary{Total: 3, Done: 1, Queued: 2, Running: true}, true},
		{"done", downloader.Summary{Total: 3, Done: 3, Running: true}, false},
		{"stopped", downloader.Summary{Total: 3, Done: 1, Queued: 2}, false},
		{"paused", downloader.Summary{Total: 3, Done: 1, Paused: 2, Running: true}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := newTotalsView(tt.s).withSites(sites, now).Text
			if got := strings.Contains(text, "x.org"); got != tt.want {
				t.Errorf("%q names the slowed site: %v, want %v", text, got, tt.want)
			}
		})
	}
}
