package watch

import (
	"context"
	"errors"
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
