package pages

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
)

// pagedGallery serves paged galleries on loopback and counts the requests
// for each page.
type pagedGallery struct {
	srv  *httptest.Server
	mu   sync.Mutex
	hits map[string]int
}

// newPagedGallery serves these paths:
//
//	/g/N         page N of a 5-page gallery, 3 pictures each, the first
//	             picture of every page repeating page 1's cover
//	/loop/N      pages 1 → 2 → 3 → 1 (rel=next loops back)
//	/broken/1    links to /broken/2, which answers 404
//	/odd/1       links to /odd/2, which is a JPEG, not a page
//	/moved       redirects to /g/4
func newPagedGallery(t *testing.T) *pagedGallery {
	t.Helper()
	g := &pagedGallery{hits: map[string]int{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/g/{n}", func(w http.ResponseWriter, r *http.Request) {
		n := pageNumber(r)
		next := ""
		if n < 5 {
			next = fmt.Sprintf(`<a rel="next" href="%d">Next</a>`, n+1)
		}
		writePage(w, fmt.Sprintf(`<img src="/img/cover.jpg" alt="Cover">
<a href="/img/p%d-a.jpg"><img src="/t/p%d-a.jpg"></a><img data-src="/img/p%d-b.png">%s`, n, n, n, next))
	})
	mux.HandleFunc("/loop/{n}", func(w http.ResponseWriter, r *http.Request) {
		n := pageNumber(r)
		writePage(w, fmt.Sprintf(`<link rel="next" href="/loop/%d"><img src="/img/loop-%d.jpg">`, n%3+1, n))
	})
	mux.HandleFunc("/broken/1", func(w http.ResponseWriter, r *http.Request) {
		writePage(w, `<img src="/img/broken-1.jpg"><a rel=next href="/broken/2">2</a>`)
	})
	mux.HandleFunc("/odd/1", func(w http.ResponseWriter, r *http.Request) {
		writePage(w, `<img src="/img/odd-1.jpg"><a rel=next href="/odd/2">2</a>`)
	})
	mux.HandleFunc("/odd/2", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/jpeg")
		w.Write([]byte("\xff\xd8\xff"))
	})
	mux.Handle("/moved", http.RedirectHandler("/g/4", http.StatusFound))
	g.srv = httptest.NewServer(countRequests(g, mux))
	t.Cleanup(g.srv.Close)
	return g
}

func countRequests(g *pagedGallery, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g.mu.Lock()
		g.hits[r.URL.Path]++
		g.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

// requests returns how many times each path was asked for.
func (g *pagedGallery) requests() map[string]int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return maps.Clone(g.hits)
}

func pageNumber(r *http.Request) int {
	var n int
	fmt.Sscan(r.PathValue("n"), &n)
	return n
}

func writePage(w http.ResponseWriter, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, "<!DOCTYPE html><html><body>"+body+"</body></html>")
}

// fetch is a Fetch that uses the test server's client.
func (g *pagedGallery) fetch(ctx context.Context, u string) (io.ReadCloser, string, *url.URL, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, "", nil, err
	}
	resp, err := g.srv.Client().Do(req)
	if err != nil {
		return nil, "", nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, "", nil, fmt.Errorf("the site answered %s", resp.Status)
	}
	return resp.Body, resp.Header.Get("Content-Type"), resp.Request.URL, nil
}

func TestCrawl(t *testing.T) {
	tests := []struct {
		name         string
		start        string
		maxPages     int
		wantImages   []string // paths, in order
		wantRequests map[string]int
		wantProblem  string // part of the one expected problem message, "" for none
	}{
		{
			name: "only the start page", start: "/g/1", maxPages: 1,
			wantImages:   []string{"/img/cover.jpg", "/img/p1-a.jpg", "/img/p1-b.png"},
			wantRequests: map[string]int{"/g/1": 1},
		},
		{
			name: "page limit below one means the start page", start: "/g/1", maxPages: 0,
			wantImages:   []string{"/img/cover.jpg", "/img/p1-a.jpg", "/img/p1-b.png"},
			wantRequests: map[string]int{"/g/1": 1},
		},
		{
			name: "stops at the page limit", start: "/g/1", maxPages: 3,
			wantImages: []string{"/img/cover.jpg", "/img/p1-a.jpg", "/img/p1-b.png",
				"/img/p2-a.jpg", "/img/p2-b.png", "/img/p3-a.jpg", "/img/p3-b.png"},
			wantRequests: map[string]int{"/g/1": 1, "/g/2": 1, "/g/3": 1},
		},
		{
			name: "stops at the last page", start: "/g/4", maxPages: 10,
			wantImages:   []string{"/img/cover.jpg", "/img/p4-a.jpg", "/img/p4-b.png", "/img/p5-a.jpg", "/img/p5-b.png"},
			wantRequests: map[string]int{"/g/4": 1, "/g/5": 1},
		},
		{
			name: "follows a redirected start page", start: "/moved", maxPages: 2,
			wantImages:   []string{"/img/cover.jpg", "/img/p4-a.jpg", "/img/p4-b.png", "/img/p5-a.jpg", "/img/p5-b.png"},
			wantRequests: map[string]int{"/moved": 1, "/g/4": 1, "/g/5": 1},
		},
		{
			name: "stops at a loop", start: "/loop/1", maxPages: 10,
			wantImages:   []string{"/img/loop-1.jpg", "/img/loop-2.jpg", "/img/loop-3.jpg"},
			wantRequests: map[string]int{"/loop/1": 1, "/loop/2": 1, "/loop/3": 1},
			wantProblem:  "leads back to",
		},
		{
			name: "a later page that fails is a problem", start: "/broken/1", maxPages: 5,
			wantImages:   []string{"/img/broken-1.jpg"},
			wantRequests: map[string]int{"/broken/1": 1, "/broken/2": 1},
			wantProblem:  "could not open the page: the site answered 404 Not Found",
		},
		{
			name: "a later page that is not a web page is a problem", start: "/odd/1", maxPages: 5,
			wantImages:   []string{"/img/odd-1.jpg"},
			wantRequests: map[string]int{"/odd/1": 1, "/odd/2": 1},
			wantProblem:  "not a web page (the site says it is image/jpeg)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newPagedGallery(t)
			images, problems, err := Crawl(context.Background(), g.srv.URL+tt.start, tt.maxPages, g.fetch)
			if err != nil {
				t.Fatalf("Crawl: %v", err)
			}
			if got := imagePaths(t, images); !slices.Equal(got, tt.wantImages) {
				t.Errorf("images = %v, want %v", got, tt.wantImages)
			}
			if got := g.requests(); !maps.Equal(got, tt.wantRequests) {
				t.Errorf("requests = %v, want %v", got, tt.wantRequests)
			}
			checkProblems(t, problems, tt.wantProblem)
		})
	}
}

func TestCrawlRecordsThePageEachImageCameFrom(t *testing.T) {
	g := newPagedGallery(t)
	images, _, err := Crawl(context.Background(), g.srv.URL+"/g/1", 2, g.fetch)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"/img/cover.jpg": "/g/1", "/img/p1-a.jpg": "/g/1", "/img/p1-b.png": "/g/1",
		"/img/p2-a.jpg": "/g/2", "/img/p2-b.png": "/g/2",
	}
	for _, img := range images {
		if page := want[pathOf(t, img.URL)]; g.srv.URL+page != img.Page {
			t.Errorf("%s found on %s, want %s", img.URL, img.Page, g.srv.URL+page)
		}
	}
}

func TestCrawlStartPageFailures(t *testing.T) {
	tests := []struct {
		name, start, want string
	}{
		{"missing page", "/nowhere", "404 Not Found"},
		{"not a web page", "/odd/2", "not a web page"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newPagedGallery(t)
			images, _, err := Crawl(context.Background(), g.srv.URL+tt.start, 3, g.fetch)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, tt.want)
			}
			if len(images) != 0 {
				t.Errorf("images = %v, want none", images)
			}
		})
	}
	if _, _, err := Crawl(context.Background(), "gallery/1", 3, nil); err == nil {
		t.Error("Crawl of a relative address: no error")
	}
}

func TestCrawlStopsWhenCancelled(t *testing.T) {
	g := newPagedGallery(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelAfterFirst := func(ctx context.Context, u string) (io.ReadCloser, string, *url.URL, error) {
		body, ct, final, err := g.fetch(ctx, u)
		cancel()
		return body, ct, final, err
	}
	images, _, err := Crawl(ctx, g.srv.URL+"/g/1", 5, cancelAfterFirst)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if got := imagePaths(t, images); len(got) != 3 {
		t.Errorf("images = %v, want the 3 of the first page", got)
	}
	if got := g.requests(); !maps.Equal(got, map[string]int{"/g/1": 1}) {
		t.Errorf("requests = %v, want only /g/1", got)
	}
}

func checkProblems(t *testing.T, problems []Problem, want string) {
	t.Helper()
	if want == "" {
		if len(problems) != 0 {
			t.Errorf("problems = %v, want none", problems)
		}
		return
	}
	if len(problems) != 1 || !strings.Contains(problems[0].Error(), want) || problems[0].Page == "" {
		t.Errorf("problems = %v, want one on a page mentioning %q", problems, want)
	}
}

func imagePaths(t *testing.T, images []Image) []string {
	t.Helper()
	paths := make([]string, len(images))
	for i, img := range images {
		paths[i] = pathOf(t, img.URL)
	}
	return paths
}

func pathOf(t *testing.T, raw string) string {
	t.Helper()
	return mustParse(t, raw).Path
}
