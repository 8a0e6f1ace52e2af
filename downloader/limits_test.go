package downloader

import (
	"context"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

func TestLoweringConcurrencyRequeuesExtraDownloadsKeepingParts(t *testing.T) {
	srv := newServer(t)
	bodies := map[string][]byte{}
	var urls []string
	for i := range 4 {
		p := "/low" + string(rune('a'+i)) + ".bin"
		bodies[p] = downloadtest.Data(256<<10, int64(i))
		srv.Handle(p, bodies[p], downloadtest.Throttle(256<<10))
		urls = append(urls, srv.URL(p))
	}
	dir := t.TempDir()
	o := testOptions(dir)
	o.Concurrency = 4
	m := New(o)
	ids := addAll(t, m, urls...)
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Stop()
	waitFor(t, "four downloads with bytes", func() bool {
		n, _ := countItems(m, func(s ItemSnapshot) bool { return s.State == Active && s.Bytes > 0 })
		return n == 4
	})
	l := m.Limits()
	l.Concurrency = 1
	if got := m.SetLimits(l); got != 3 {
		t.Fatalf("SetLimits sent %d downloads back to the queue, want 3", got)
	}
	waitFor(t, "one download running, three queued with their parts", func() bool {
		kept, sum := countItems(m, func(s ItemSnapshot) bool { return s.State == Queued && s.Bytes > 0 && s.Failures == 0 })
		return sum.Active == 1 && kept == 3
	})
	if s := m.Wait(); s.Done != 4 {
		t.Fatalf("summary %+v", s)
	}
	for i, id := range ids {
		it := mustItem(t, m, id)
		want := bodies["/low"+string(rune('a'+i))+".bin"]
		if fileSum(t, it.Path) != sum256(want) {
			t.Errorf("%s: saved file differs from the served one", it.URL)
		}
	}
	if srv.MaxInFlight() > 4 {
		t.Errorf("max in flight %d", srv.MaxInFlight())
	}
}

func TestSummaryETACountsItemsOfUnknownSize(t *testing.T) {
	tests := []struct {
		name string
		s    Summary
		want time.Duration
		ok   bool
	}{
		{"all sizes known", Summary{Expected: 4000, Bytes: 1000, Sized: 4, Speed: 1000}, 3 * time.Second, true},
		{"unknown sizes at the average", Summary{Expected: 2000, Bytes: 1000, Sized: 2, Unsized: 8, Speed: 1000}, 9 * time.Second, true},
		{"no size known", Summary{Unsized: 3, Speed: 1000}, 0, false},
		{"no speed", Summary{Expected: 2000, Sized: 2}, 0, false},
	}
	for _, tc := range tests {
		got, ok := tc.s.ETA()
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: ETA %v %v, want %v %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

func TestPauseAndResumeIsNotAFailure(t *testing.T) {
	d := startSlowDownload(t, 7, 32<<10)
	d.m.Controls().Pause(d.id)
	waitFor(t, "paused", func() bool { return stateOf(d.m, d.id) == Paused })
	d.m.Controls().Resume(d.id)
	waitFor(t, "active again", func() bool { s, _ := d.m.Item(d.id); return s.State == Active && s.Attempts == 2 })
	if s := mustItem(t, d.m, d.id); s.Failures != 0 {
		t.Errorf("after pause and resume Failures = %d, want 0", s.Failures)
	}
}

func TestIdleCountsTimeWithoutData(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/stall.bin", downloadtest.Data(64<<10, 3), downloadtest.StallAfterHeaders(1024, 1))
	o := testOptions(t.TempDir())
	o.IdleTimeout = time.Minute
	m := New(o)
	id := addAll(t, m, srv.URL("/stall.bin"))[0]
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Stop()
	waitFor(t, "idle for a while", func() bool { s, _ := m.Item(id); return s.State == Active && s.Idle > 600*time.Millisecond })
	if m.IdleTimeout() != time.Minute {
		t.Errorf("IdleTimeout %v", m.IdleTimeout())
	}
}

// countItems counts the items that match, with the summary of the same moment.
func countItems(m *Manager, match func(ItemSnapshot) bool) (int, Summary) {
	snaps, sum := m.Snapshot()
	n := 0
	for _, s := range snaps {
		if match(s) {
			n++
		}
	}
	return n, sum
}
