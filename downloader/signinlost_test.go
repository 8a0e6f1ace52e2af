package downloader_test

import (
	"context"
	"crypto/sha256"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"haul/downloader"
	"haul/downloader/cookies"
	"haul/downloader/downloadtest"
	"haul/downloader/queue"
)

// signInBound is how soon after Start every link of a members-only site
// must be saved or say what to do.
const signInBound = 10 * time.Second

// forbiddingMembers starts the members-only site, answering a request
// without the session with 403, closed at the end of the test.
func forbiddingMembers(t *testing.T, n int) *downloadtest.Members {
	t.Helper()
	site := downloadtest.NewMembers(n)
	site.Forbid()
	t.Cleanup(site.Close)
	return site
}

// membersPictures are the links of the site's full-size pictures, in order.
func membersPictures(site *downloadtest.Members) []string {
	var links []string
	for name := range site.Pictures {
		links = append(links, site.URL("img."+downloadtest.MembersDomain, "/full/"+name))
	}
	slices.Sort(links)
	return links
}

// signedInCookies are the cookies of a browser signed in to the site.
func signedInCookies(t *testing.T, site *downloadtest.Members) []cookies.Cookie {
	t.Helper()
	cs, err := cookies.ReadNetscape(strings.NewReader(site.BrowserCookiesTxt()))
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// waitWithin waits for the batch of m, failing the test when it is not
// over within bound.
func waitWithin(t *testing.T, m *downloader.Manager, bound time.Duration) downloader.Summary {
	t.Helper()
	done := make(chan downloader.Summary, 1)
	go func() { done <- m.Wait() }()
	select {
	case s := <-done:
		return s
	case <-time.After(bound):
		items, _ := m.Snapshot()
		for _, it := range items {
			t.Logf("%s %v %v", it.URL, it.State, it.Err)
		}
		t.Fatalf("the batch was not over %v after it started: %+v", bound, m.Summary())
	}
	return downloader.Summary{}
}

// checkSaved fails the test unless every picture of the site is in dir, byte for byte.
func checkSaved(t *testing.T, site *downloadtest.Members, dir string) {
	t.Helper()
	for name, body := range site.Pictures {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || sha256.Sum256(got) != sha256.Sum256(body) {
			t.Errorf("%s not saved whole: %v", name, err)
		}
	}
}

// TestBrowserSignInLostAtRestart saves a members-only gallery the browser
// sent with its cookies, quits mid-batch and starts again: the cookies
// were kept in memory only, so each picture left is asked once without
// them, and fails at once saying the sign-in was lost (with a sign-in to
// offer), instead of waiting for its site. When the browser sends the
// page again, those pictures go again with its cookies and are saved.
func TestBrowserSignInLostAtRestart(t *testing.T) {
	site := forbiddingMembers(t, 8)
	gallery, links := site.GalleryURL(), membersPictures(site)
	dir := t.TempDir()
	state := filepath.Join(t.TempDir(), "queue.jsonl")
	opts := downloader.Options{Dir: dir, DialContext: site.Dial,
		Limits: downloader.Limits{Concurrency: 2, Retries: 5, RequestsPerSec: 4}}

	store, _, _, err := queue.Open(state)
	if err != nil {
		t.Fatal(err)
	}
	first := downloader.New(opts)
	first.Saved().SetJournal(store)
	first.Network().AddPageCookies(gallery, signedInCookies(t, site))
	first.Controls().SignedIn(gallery)
	if _, rejected := first.Intake().AddFromPage(gallery, links...); len(rejected) > 0 {
		t.Fatal(rejected)
	}
	release := site.HoldPictures(path.Base(links[0]), path.Base(links[1])) // the quit comes mid-batch
	if err := first.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for first.Summary().Done < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("the first run saved nothing: %+v, refusals %v", first.Summary(), site.Refusals())
		}
		time.Sleep(5 * time.Millisecond)
	}
	first.Stop()
	saved := first.Summary().Done
	store.Close()
	if saved != 2 {
		t.Fatalf("%d pictures saved before the quit, want the two the site let through", saved)
	}
	release()
	if n := site.Refusals()["no-session"]; n != 0 {
		t.Fatalf("the first run was refused %d times with the browser's cookies", n)
	}

	store2, recs, problem, err := queue.Open(state)
	if err != nil || problem != nil {
		t.Fatalf("reopen: %v %v", problem, err)
	}
	defer store2.Close()
	opts.Limits.RequestsPerSec = 0
	second := downloader.New(opts)
	defer second.Stop()
	second.Saved().SetJournal(store2)
	second.Saved().Restore(recs)
	if err := second.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	s := waitWithin(t, second, signInBound)
	left := len(links) - saved
	if s.Done != saved || s.Failed != left {
		t.Fatalf("after the restart %+v, want %d saved and %d failed", s, saved, left)
	}
	items, _ := second.Snapshot()
	for _, it := range items {
		if it.State == downloader.Failed && (it.Err.Reason != downloader.ReasonSignInLost || !it.Err.NeedsSignIn()) {
			t.Errorf("%s failed with %v, want the sign-in lost", it.URL, it.Err)
		}
	}
	if n := site.Refusals()["no-session"]; n != left {
		t.Errorf("the site refused %d requests after the restart, want each picture left asked once (%d)", n, left)
	}

	second.Network().AddPageCookies(gallery, signedInCookies(t, site))
	if n := second.Controls().SignedIn(gallery); n != left {
		t.Errorf("the page sent again retried %d pictures, want %d", n, left)
	}
	if s := waitWithin(t, second, signInBound); s.Done != len(links) {
		t.Fatalf("after the page was sent again %+v", s)
	}
	checkSaved(t, site, dir)
}

// TestMembersRefusalFailsAtOnce: links of a members-only site that
// forbids them without a sign-in are each asked once and fail at once,
// whether they came from their page (saying a sign-in is needed) or bare
// (with their status), and every one offers a sign-in; once signed in,
// Retry failed asks the pictures from their page, and they are saved.
func TestMembersRefusalFailsAtOnce(t *testing.T) {
	tests := []struct {
		name     string
		fromPage bool
		want     downloader.Reason
	}{
		{"from their page", true, downloader.ReasonSignInNeeded},
		{"pasted bare", false, downloader.ReasonHTTP},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site := forbiddingMembers(t, 6)
			gallery, links := site.GalleryURL(), membersPictures(site)
			dir := t.TempDir()
			m := downloader.New(downloader.Options{Dir: dir, DialContext: site.Dial, Limits: downloader.Limits{Concurrency: 8, Retries: 5}})
			defer m.Stop()
			if tc.fromPage {
				m.Intake().AddFromPage(gallery, links...)
			} else {
				m.Add(links...)
			}
			if err := m.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			if s := waitWithin(t, m, signInBound); s.Failed != len(links) {
				t.Fatalf("summary %+v", s)
			}
			items, _ := m.Snapshot()
			for _, it := range items {
				if it.Err == nil || it.Err.Reason != tc.want || it.Err.Status != 403 || !it.Err.NeedsSignIn() {
					t.Errorf("%s failed with %v, want %s (403) with a sign-in", it.URL, it.Err, tc.want)
				}
			}
			for name := range site.Pictures {
				if n := site.Hits("/full/" + name); n != 1 {
					t.Errorf("%s was asked %d times, want once", name, n)
				}
			}
			if !tc.fromPage {
				return
			}
			m.Network().AddCookies(signedInCookies(t, site))
			if n := m.Controls().RetryFailed(); n != len(links) {
				t.Fatalf("retried %d", n)
			}
			if s := waitWithin(t, m, signInBound); s.Done != len(links) {
				t.Fatalf("after signing in %+v, refusals %v", s, site.Refusals())
			}
			checkSaved(t, site, dir)
		})
	}
}
