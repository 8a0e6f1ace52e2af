package gui

import (
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
		{"waits for a slowed site to try again", viewContext{now: now, running: true, slotsFree: true},
			downloader.ItemSnapshot{URL: "https://x.org/a.jpg", State: downloader.Queued, Total: -1, Failures: 1},
			rowView{Progress: -1, Status: "Waiting for its site, which is asked more slowly (try 2)"}},
		{"not started", stopped, downloader.ItemSnapshot{URL: "https://x.org/a.jpg", State: downloader.Queued, Total: -1},
			rowView{Progress: -1, Status: "Not started; press Start"}},
		{"stopped is not waiting", stopped, downloader.ItemSnapshot{URL: "https://x.org/a.jpg", State: downloader.Queued, Bytes: 1000, Total: 4000, Attempts: 1},
			rowView{Progress: 0.25, Size: "1.0 kB of 4.0 kB", Status: "Stopped; Start resumes it"}},
		{"active", running, downloader.ItemSnapshot{URL: "u", Name: "a.jpg", State: downloader.Active, Bytes: 1_000_000, Total: 4_000_000, Speed: 1_500_000, Attempts: 1},
			rowView{Title: "a.jpg", Progress: 0.25, Size: "1.0 MB of 4.0 MB", Speed: "1.5 MB/s", Left: "2 s left", Status: "Downloading"}},
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
			rowView{Title: "a.jpg", Progress: -1, Status: notFoundText + " (tried 2 times)", Problem: notFoundText}},
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
