package watch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"haul/downloader/clock/clocktest"
)

func TestTheListAddsChangesAndRemovesPages(t *testing.T) {
	l := Open(filepath.Join(t.TempDir(), "sub", "watched.json"))
	if pages, err := l.Pages(); err != nil || len(pages) != 0 {
		t.Fatalf("a missing list: %v %v", pages, err)
	}
	steps := []struct {
		name  string
		do    func() error
		want  []string
		dirOf string
	}{
		{"add", func() error { _, err := l.Add(Page{URL: "http://127.0.0.1/a", Dir: "one"}); return err }, []string{"http://127.0.0.1/a"}, "one"},
		{"add another", func() error { _, err := l.Add(Page{URL: "http://127.0.0.1/b"}); return err }, []string{"http://127.0.0.1/a", "http://127.0.0.1/b"}, "one"},
		{"add again moves it", func() error { _, err := l.Add(Page{URL: "http://127.0.0.1/a", Dir: "two"}); return err }, []string{"http://127.0.0.1/a", "http://127.0.0.1/b"}, "two"},
		{"remove", func() error { return l.Remove("http://127.0.0.1/b") }, []string{"http://127.0.0.1/a"}, "two"},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		pages, err := Open(l.Path()).Pages() // what another program reads
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range pages {
			got = append(got, p.URL)
		}
		if len(got) != len(s.want) || got[0] != s.want[0] || pages[0].Dir != s.dirOf {
			t.Errorf("%s: %v (first in %q), want %v", s.name, got, pages[0].Dir, s.want)
		}
	}
	if err := l.Remove("http://127.0.0.1/b"); !errors.Is(err, ErrNotWatched) {
		t.Errorf("removing a page not watched: %v", err)
	}
}

// TestWatcherChecksAtStartAndWhenDue: every page is checked when the
// watcher starts, and each again once its hours have passed.
func TestWatcherChecksAtStartAndWhenDue(t *testing.T) {
	l := Open(filepath.Join(t.TempDir(), "watched.json"))
	l.Add(Page{URL: "http://127.0.0.1/hourly", Every: time.Hour})
	l.Add(Page{URL: "http://127.0.0.1/daily", Every: 24 * time.Hour})
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	checks := make(chan string, 10)
	w := NewWatcher(l, clock, func(_ context.Context, p Page) Result {
		checks <- p.URL
		return Result{New: 1}
	})
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	expect := func(step string, want ...string) {
		t.Helper()
		<-clock.Waiting // the round is over: the watcher waits for the next
		for _, url := range want {
			if got := <-checks; got != "http://127.0.0.1/"+url {
				t.Errorf("%s: checked %s, want %s", step, got, url)
			}
		}
		select {
		case got := <-checks:
			t.Errorf("%s: %s checked too", step, got)
		default:
		}
	}
	expect("start", "hourly", "daily")
	clock.Advance(time.Hour)
	expect("an hour on", "hourly")
	clock.Advance(23 * time.Hour)
	expect("a day on", "hourly", "daily")
	pages, _ := l.Pages()
	if !pages[1].Checked.Equal(clock.Now()) || pages[1].New != 1 {
		t.Errorf("the list says %+v", pages[1])
	}
}

// TestAListThatCannotBeWrittenDoesNotMakeTheWatcherCheckAgainAndAgain:
// when the list's file cannot be replaced (a full or read-only disk), a
// page just checked is not due again until its hours have passed, and
// the check says why it was not recorded.
func TestAListThatCannotBeWrittenDoesNotMakeTheWatcherCheckAgainAndAgain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "watched.json")
	l := Open(path)
	l.Add(Page{URL: "http://127.0.0.1/a", Every: time.Hour})
	if err := os.Mkdir(path+".new", 0o700); err != nil { // where the new list would be written
		t.Fatal(err)
	}
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	checks := 0
	w := NewWatcher(l, clock, func(context.Context, Page) Result { checks++; return Result{New: 1} })
	if _, _, err := w.CheckDue(t.Context(), false); err == nil {
		t.Error("a check the list could not record gave no error")
	}
	for range 1000 {
		w.CheckDue(t.Context(), false)
	}
	if checks != 1 {
		t.Errorf("the page was checked %d times at once, want 1", checks)
	}
	if wait := w.untilNext(); wait != time.Hour {
		t.Errorf("the watcher waits %v before the next check, want an hour", wait)
	}
	clock.Advance(time.Hour)
	w.CheckDue(t.Context(), false)
	if checks != 2 {
		t.Errorf("an hour later the page was checked %d times, want 2", checks)
	}
}

// TestAPageIsNeverCheckedMoreOftenThanTheFloor: however the list's file
// came to say so (an old haul watch, an edit by hand), a page is checked
// at most every MinEvery, and the list says so.
func TestAPageIsNeverCheckedMoreOftenThanTheFloor(t *testing.T) {
	path := filepath.Join(t.TempDir(), "watched.json")
	os.WriteFile(path, []byte(`[{"url": "http://127.0.0.1/a", "dir": "/tmp/a", "every": 100},
		{"url": "http://127.0.0.1/b", "dir": "/tmp/b", "every": -5}]`), 0o600)
	l := Open(path)
	pages, err := l.Pages()
	if err != nil || pages[0].Every != MinEvery || pages[1].Every != DefaultEvery {
		t.Fatalf("the list reads %+v, %v; want every %v and %v", pages, err, MinEvery, DefaultEvery)
	}
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	checks := 0
	w := NewWatcher(l, clock, func(_ context.Context, p Page) Result {
		if p.URL == "http://127.0.0.1/a" {
			checks++
		}
		return Result{}
	})
	for range 14 { // a minute at a time, for 14 minutes
		w.CheckDue(t.Context(), false)
		clock.Advance(time.Minute)
	}
	if checks != 1 {
		t.Errorf("checked %d times in 14 minutes, want 1", checks)
	}
	clock.Advance(time.Minute)
	w.CheckDue(t.Context(), false)
	if checks != 2 {
		t.Errorf("checked %d times in 15 minutes, want 2", checks)
	}
}
