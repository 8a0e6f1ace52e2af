package downloader

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/archive"
	"haul/downloader/downloadtest"
	"haul/downloader/record"
)

// pictureHostsRun saves every small version of the picture hosts, as a
// pasted list, and returns the items in the hosts' order.
func pictureHostsRun(t *testing.T, hosts *downloadtest.PictureHosts, opts Options) []ItemSnapshot {
	t.Helper()
	opts.DialContext = hosts.Dial
	m := New(opts)
	var links []string
	for _, th := range hosts.Thumbnails {
		links = append(links, th.Link)
	}
	ids := addAll(t, m, links...)
	if s := runAll(t, m); s.Done != len(links) {
		t.Fatalf("summary %+v; want all %d done", s, len(links))
	}
	items := make([]ItemSnapshot, len(ids))
	for i, id := range ids {
		items[i] = mustItem(t, m, id)
	}
	return items
}

// TestSmallVersionsAreSavedAsTheirOriginals is the held-out check of the
// rules on the picture hosts: at least 90% of the small versions with an
// original are saved as it, byte for byte; every control is saved as
// given, and no trap is taken. The candidates cost at most two requests a
// link over the batch.
func TestSmallVersionsAreSavedAsTheirOriginals(t *testing.T) {
	hosts := downloadtest.NewPictureHosts()
	defer hosts.Close()
	items := pictureHostsRun(t, hosts, testOptions(t.TempDir()))
	originals, found := 0, 0
	for i, th := range hosts.Thumbnails {
		it := items[i]
		exact := fileSum(t, it.Path) == sum256(th.Want)
		if th.Original {
			originals++
			if exact {
				found++
				if it.Original.URL == "" || it.Original.SmallWidth == 0 {
					t.Errorf("%s: saved as its original but the item does not say so: %+v", th.Link, it.Original)
				}
				continue
			}
		}
		if !exact {
			t.Errorf("%s (%s): saved %s, not the %s", th.Link, th.Kind, filepath.Base(it.Path), wantWhat(th))
		}
	}
	if found*10 < originals*9 {
		t.Errorf("%d of %d small versions saved as their originals; want at least 90%%", found, originals)
	}
	extra := hosts.Requests() - len(hosts.Thumbnails)
	t.Logf("%d of %d originals; %d extra requests for %d links", found, originals, extra, len(hosts.Thumbnails))
	if extra > 2*len(hosts.Thumbnails) {
		t.Errorf("%d extra requests for %d links; want at most two a link", extra, len(hosts.Thumbnails))
	}
}

func wantWhat(th downloadtest.Thumbnail) string {
	if th.Original {
		return "original"
	}
	return "small version as given"
}

// TestAsLinkedSavesWhatTheLinksAnswer: with the setting off, every link
// is saved as it answers, and no candidate is asked for.
func TestAsLinkedSavesWhatTheLinksAnswer(t *testing.T) {
	hosts := downloadtest.NewPictureHosts()
	defer hosts.Close()
	opts := testOptions(t.TempDir())
	opts.AsLinked = true
	items := pictureHostsRun(t, hosts, opts)
	for i, th := range hosts.Thumbnails {
		if items[i].Original.URL != "" {
			t.Errorf("%s: an original was asked for", th.Link)
		}
	}
	if n := hosts.Requests(); n != len(hosts.Thumbnails) {
		t.Errorf("%d requests for %d links; want one each", n, len(hosts.Thumbnails))
	}
}

// TestAnOriginalSavedIsNotFetchedAgainThroughItsSmallVersions: the
// archive knows both addresses, so the next batch skips the small version
// it was found from, and another small version of the same picture is
// skipped at its candidate, without downloading the original again.
func TestAnOriginalSavedIsNotFetchedAgainThroughItsSmallVersions(t *testing.T) {
	hosts := downloadtest.NewPictureHosts()
	defer hosts.Close()
	dir := t.TempDir()
	arc := archive.NewFolders(filepath.Join(t.TempDir(), "archive"))
	defer arc.Close()
	opts := testOptions(dir)
	opts.DialContext, opts.Archive = hosts.Dial, arc
	small := hosts.Thumbnails[0].Link
	other := "wx1.sinaimg.cn/mw690/006cRL0kly1hq2abc01j30u0140.jpg"
	hosts.Serve(other, downloadtest.PictureSized("x.jpg", 690, 920, 99))
	m := New(opts)
	addAll(t, m, small)
	if s := runAll(t, m); s.Done != 1 {
		t.Fatalf("first batch %+v", s)
	}
	before := hosts.Requests()
	m2 := New(opts)
	ids := addAll(t, m2, small, "http://"+other)
	if s := runAll(t, m2); s.Skipped != 2 {
		t.Errorf("second batch %+v; want both small versions skipped as saved before", s)
	}
	for _, id := range ids {
		if it := mustItem(t, m2, id); it.Note.IsZero() {
			t.Errorf("%s skipped without a note", it.URL)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the folder; want the one original", len(entries))
	}
	if asked := hosts.Requests() - before; asked > 1 {
		t.Errorf("%d requests in the second batch; want only the other small version's", asked)
	}
	if !strings.Contains(hosts.Thumbnails[0].Link, "orj360") {
		t.Fatalf("the first small version is %s; the test expects Weibo's orj360", small)
	}
}

// TestALaterTryAsksForTheOriginalDirectly: a link whose original an
// earlier try found, restored from the saved queue, asks for the
// original at once, with its rule's Referer, and never for the small
// version again.
func TestALaterTryAsksForTheOriginalDirectly(t *testing.T) {
	hosts := downloadtest.NewPictureHosts()
	defer hosts.Close()
	var th downloadtest.Thumbnail
	for _, c := range hosts.Thumbnails {
		if strings.Contains(c.Link, "doubanio.com/view/photo/m/") {
			th = c
		}
	}
	const original = "img9.doubanio.com/view/photo/raw/public/p1234567890.jpg"
	opts := testOptions(t.TempDir())
	opts.DialContext = hosts.Dial
	m := New(opts)
	ids := m.Saved().Restore([]Record{{URL: th.Link, State: Queued.String(), Attempts: 1,
		Original: &record.Original{URL: "http://" + original, SmallWidth: 400, SmallHeight: 300}}})
	if s := runAll(t, m); s.Done != 1 {
		t.Fatalf("summary %+v", s)
	}
	it := mustItem(t, m, ids[0])
	if fileSum(t, it.Path) != sum256(th.Want) {
		t.Errorf("saved %s is not the original", it.Path)
	}
	if n := hosts.Asked(strings.TrimPrefix(th.Link, "http://")); n != 0 {
		t.Errorf("the small version was asked for %d times", n)
	}
	if n := hosts.Asked(original); n != 1 {
		t.Errorf("the original was asked for %d times; want once", n)
	}
}
