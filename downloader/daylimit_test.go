package downloader

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

// dayLimitedSite serves n pictures and returns their links.
func dayLimitedSite(t *testing.T, prefix string, n int) []string {
	t.Helper()
	srv := newServer(t)
	var urls []string
	for i := range n {
		p := fmt.Sprintf("/%s%02d.jpg", prefix, i)
		srv.Handle(p, downloadtest.Picture(2000, int64(prefix[0])<<8+int64(i))) // each site's pictures its own
		urls = append(urls, srv.URL(p))
	}
	return urls
}

// waitingForTomorrow lists the links of items Queued because their site
// gave its files for the day, and checks they wait until midnight.
func waitingForTomorrow(t *testing.T, m *Manager, perDay int, midnight time.Time) []string {
	t.Helper()
	var links []string
	for _, it := range m.SnapshotSince(0).Items {
		if it.State != Queued {
			continue
		}
		if it.DayLimit != perDay || !it.RetryAt.Equal(midnight) {
			t.Errorf("%s waits with day limit %d until %v, want %d until %v", it.URL, it.DayLimit, it.RetryAt, perDay, midnight)
		}
		links = append(links, it.URL)
	}
	return links
}

// TestFilesADay: a site that gave its files for the day has its other
// links wait until midnight, while another site goes on; the count is
// kept for the next run that day, and the links go on the next day.
func TestFilesADay(t *testing.T) {
	start := time.Now()
	midnight := time.Date(start.Year(), start.Month(), start.Day()+1, 0, 0, 0, 0, start.Location())
	if midnight.Sub(start) < time.Minute {
		t.Skip("too near midnight for a run that day")
	}
	clock := &fakeClock{now: start}
	limited := dayLimitedSite(t, "a", 5)
	var other []string // the same server by another name, which the rule does not name
	for _, link := range dayLimitedSite(t, "b", 4) {
		other = append(other, strings.Replace(link, "127.0.0.1", "localhost", 1))
	}
	o := testOptions(t.TempDir())
	o.LearnedLimits = filepath.Join(t.TempDir(), "learned.json")
	rule := []SiteRule{{Site: "127.0.0.1", PerDay: 3}}

	m := New(o)
	m.now = clock.Now
	m.Network().SetSites(rule)
	addAll(t, m, append(append([]string{}, limited[:4]...), other...)...)
	if err := m.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "3 of the limited site's links and all of the other's", func() bool { return m.Summary().Done == 3+4 })
	if left := waitingForTomorrow(t, m, 3, midnight); len(left) != 1 {
		t.Fatalf("waiting for tomorrow: %v, want one link", left)
	}
	slowed := m.SnapshotSince(0).Slowed
	if len(slowed) != 1 || slowed[0].PerDay != 3 || !slowed[0].Until.Equal(midnight) {
		t.Errorf("slowed sites %+v, want the limited one until %v", slowed, midnight)
	}
	m.Stop()

	again := New(o)
	again.now = clock.Now
	again.Network().SetSites(rule)
	addAll(t, again, limited[4])
	if err := again.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	defer again.Stop()
	waitFor(t, "the next run to hold the limited site back", func() bool {
		return len(again.SnapshotSince(0).Slowed) == 1
	})
	if left := waitingForTomorrow(t, again, 3, midnight); len(left) != 1 {
		t.Fatalf("the next run that day: waiting for tomorrow %v, want one link", left)
	}
	clock.Set(midnight.Add(time.Second))
	again.list.Notify()
	waitFor(t, "the link to be saved the next day", func() bool { return again.Summary().Done == 1 })
}
