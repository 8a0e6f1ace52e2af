package downloader

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// TestAWatchedCheckSharesTheSitesPaceAndFilesADay: a watched page's check
// comes in through an intake of its own, into its own folder, of the same
// engine as the window's batch: a site's pace the batch learned holds the
// check's requests too, and the files a day the site gives count the
// batch's and the check's together.
func TestAWatchedCheckSharesTheSitesPaceAndFilesADay(t *testing.T) {
	t.Run("the pace the batch learned", func(t *testing.T) {
		strict := &strictSite{maxInFlight: 1, perSecond: 1000, latency: 20 * time.Millisecond, body: downloadtest.Data(2000, 1)}
		srv := httptest.NewServer(strict)
		defer srv.Close()
		links := func(prefix string) []string {
			var urls []string
			for i := range 8 {
				urls = append(urls, fmt.Sprintf("%s/%s%02d.bin", srv.URL, prefix, i))
			}
			return urls
		}
		o := testOptions(t.TempDir())
		o.Concurrency = 4
		m := New(o)
		addAll(t, m, links("batch")...)
		if s := runAll(t, m); s.Done != 8 {
			t.Fatalf("the batch: %+v", s)
		}
		learned := strict.refused.Load()
		if learned == 0 {
			t.Fatal("the site refused nothing: there was no pace to learn")
		}
		folder := t.TempDir()
		in := m.NewIntake(folder)
		if _, rejected := in.Add(links("watched")...); len(rejected) > 0 {
			t.Fatalf("rejected %+v", rejected)
		}
		s, err := m.RunIntake(t.Context(), in)
		if err != nil || s.Done != 8 {
			t.Fatalf("the check: %+v, %v", s, err)
		}
		if n := strict.refused.Load() - learned; n != 0 {
			t.Errorf("the site refused %d of the check's requests, after the batch learned its pace", n)
		}
		if got := len(allFiles(t, folder)); got != 8 {
			t.Errorf("the check saved %d files into its folder, want 8", got)
		}
	})
	t.Run("the files a day", func(t *testing.T) {
		urls := dayLimitedSite(t, "d", 4)
		o := testOptions(t.TempDir())
		o.PerHostDaily = 3
		m := New(o)
		addAll(t, m, urls[:2]...)
		if err := m.Start(t.Context()); err != nil {
			t.Fatal(err)
		}
		defer m.Stop()
		in := m.NewIntake(t.TempDir())
		if _, rejected := in.Add(urls[2:]...); len(rejected) > 0 {
			t.Fatalf("rejected %+v", rejected)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan Summary, 1)
		go func() {
			s, _ := m.RunIntake(ctx, in)
			done <- s
		}()
		waitFor(t, "three files saved", func() bool { return m.Summary().Done == 3 })
		waitFor(t, "the fourth to wait for tomorrow", func() bool {
			for _, it := range m.SnapshotSince(0).Items {
				if it.State == Queued && it.DayLimit == 3 {
					return true
				}
			}
			return false
		})
		cancel()
		<-done
		if s := m.Summary(); s.Done != 3 {
			t.Errorf("the batch and the check saved %d files from a site that gives 3 a day", s.Done)
		}
	})
}

// TestAnIntakeRunsItsItemsWhileTheListIsStopped: a watched page's check
// runs its own items into its folder while the window's batch is not
// started, leaves the batch's items alone, and its items left on the way
// when it ends join the list.
func TestAnIntakeRunsItsItemsWhileTheListIsStopped(t *testing.T) {
	srv := newServer(t)
	var batch, watched []string
	for i := range 3 {
		for _, l := range []*[]string{&batch, &watched} {
			p := fmt.Sprintf("/%d-%d.bin", len(*l), i)
			if l == &watched {
				p = "/w" + p
			}
			srv.Handle(p, downloadtest.Data(1000, int64(i)))
			*l = append(*l, srv.URL(p))
		}
	}
	m := New(testOptions(t.TempDir()))
	addAll(t, m, batch...)
	folder := filepath.Join(t.TempDir(), "watched")
	in := m.NewIntake(folder)
	in.Add(watched...)
	s, err := m.RunIntake(t.Context(), in)
	if err != nil || s.Done != 3 || s.Total != 3 {
		t.Fatalf("the check: %+v, %v", s, err)
	}
	for _, it := range m.SnapshotSince(0).Items {
		fromCheck := strings.Contains(it.URL, "/w/")
		switch {
		case fromCheck && (it.State != Done || filepath.Dir(it.Path) != folder):
			t.Errorf("%s: %v in %s, want Done in the check's folder", it.URL, it.State, it.Path)
		case !fromCheck && it.State != Queued:
			t.Errorf("%s: %v, want Queued until the batch starts", it.URL, it.State)
		}
	}
	if sum := m.Summary(); sum.Running || sum.Queued != 3 {
		t.Errorf("after the check: %+v, want the batch's 3 queued and not running", sum)
	}
}
