package picker

import (
	"fmt"
	"net/http"
	"testing"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/gui/thumbnail"
)

// heldPictures serves n pictures that are sent only once gate is closed.
func heldPictures(t *testing.T, n int, gate chan struct{}) (*downloadtest.Server, []string) {
	srv := downloadtest.New()
	t.Cleanup(srv.Close)
	body := picture(t, "held.png", 100, 50)
	var urls []string
	for i := range n {
		path := fmt.Sprintf("/p%d.png", i)
		srv.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-gate:
				w.Write(body)
			case <-r.Context().Done():
			}
		})
		urls = append(urls, srv.URL(path))
	}
	return srv, urls
}

func TestThumbnailsLoadAFewAtATime(t *testing.T) {
	gate := make(chan struct{})
	srv, urls := heldPictures(t, 10, gate)
	results := make(chan func(), len(urls))
	loaded := map[string]thumbnail.Thumb{}
	l := newThumbLoader(t.Context(), func(f func()) { results <- f }, testFetch(t), thumbnail.New(thumbnail.CacheBytes), func(u string, th thumbnail.Thumb) { loaded[u] = th })
	for _, u := range urls {
		l.want(u, "")
	}
	if err := srv.WaitInFlight(t.Context(), thumbFetches); err != nil {
		t.Fatal(err)
	}
	close(gate)
	for len(loaded) < len(urls) {
		(<-results)()
	}
	if n := srv.MaxInFlight(); n != thumbFetches {
		t.Errorf("%d thumbnails were fetched at once, want %d", n, thumbFetches)
	}
	for _, u := range urls {
		th, ok := l.cached(u)
		if !ok || th != loaded[u] || th.W != 100 || th.H != 50 || th.Img.Bounds().Dx() != thumbnail.Side || th.Img.Bounds().Dy() != thumbnail.Side/2 {
			t.Errorf("%s: cached %v %+v", u, ok, th)
		}
	}
}

func TestThumbnailsScrolledAwayAreCanceled(t *testing.T) {
	gate := make(chan struct{})
	defer close(gate)
	srv, urls := heldPictures(t, 10, gate)
	results := make(chan func(), len(urls))
	l := newThumbLoader(t.Context(), func(f func()) { results <- f }, testFetch(t), thumbnail.New(thumbnail.CacheBytes), func(string, thumbnail.Thumb) { t.Error("a canceled thumbnail was shown") })
	for _, u := range urls {
		l.want(u, "")
		l.want(u, "")
	}
	if err := srv.WaitInFlight(t.Context(), thumbFetches); err != nil {
		t.Fatal(err)
	}
	for _, u := range urls {
		l.release(u)
	}
	if srv.InFlight() != thumbFetches {
		t.Errorf("a fetch still wanted by a second row was canceled: %d in flight", srv.InFlight())
	}
	// The rows still waiting for a slot scroll away first, then the rows
	// whose pictures are on their way.
	var waiting, fetching []string
	for i, u := range urls {
		if srv.Hits(fmt.Sprintf("/p%d.png", i)) == 0 {
			waiting = append(waiting, u)
		} else {
			fetching = append(fetching, u)
		}
	}
	for _, u := range append(waiting, fetching...) {
		l.release(u)
	}
	if err := srv.WaitIdle(t.Context()); err != nil {
		t.Fatal(err)
	}
	hits := 0
	for i := range urls {
		hits += srv.Hits(fmt.Sprintf("/p%d.png", i))
	}
	if hits != thumbFetches || len(l.loading) != 0 || len(results) != 0 {
		t.Errorf("after scrolling away: %d requests, %d still loading, %d results", hits, len(l.loading), len(results))
	}
}

// testFetch is an engine's Fetch, for thumbnail loaders on their own.
func testFetch(t *testing.T) fetchFunc {
	return downloader.New(downloader.Options{Dir: t.TempDir()}).Network().Fetch
}
