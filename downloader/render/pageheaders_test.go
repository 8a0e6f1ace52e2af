package render

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
)

func TestOriginPattern(t *testing.T) {
	tests := []struct{ page, want string }{
		{"http://127.0.0.1:8080/gallery?x=1", "http://127.0.0.1:8080/*"},
		{"https://Site.example:443/a", "https://site.example/*"},
		{"http://site.example:80/a", "http://site.example/*"},
		{"https://user:pw@site.example/a", "https://site.example/*"},
		{"http://[::1]:9000/a", "http://[::1]:9000/*"},
	}
	for _, tt := range tests {
		u, _ := url.Parse(tt.page)
		if got := originPattern(u); got != tt.want {
			t.Errorf("originPattern(%q) = %q, want %q", tt.page, got, tt.want)
		}
	}
}

func TestSamePageOrigin(t *testing.T) {
	page, _ := url.Parse("https://site.example/gallery")
	tests := []struct {
		link string
		want bool
	}{
		{"https://site.example/img/a.jpg", true},
		{"https://site.example:443/a", true},
		{"http://site.example/a", false},
		{"https://cdn.example/a", false},
		{"https://site.example:8443/a", false},
	}
	for _, tt := range tests {
		if got := samePageOrigin(page, tt.link); got != tt.want {
			t.Errorf("samePageOrigin(%q) = %v, want %v", tt.link, got, tt.want)
		}
	}
}

func TestWithHeaders(t *testing.T) {
	got := withHeaders(network.Headers{"Accept": "*/*", "referer": "http://old/"}, network.Headers{"Referer": "http://new/", "X-Token": "t"})
	want := map[string]string{"Accept": "*/*", "Referer": "http://new/", "X-Token": "t"}
	if len(got) != len(want) {
		t.Fatalf("%d headers, want %d", len(got), len(want))
	}
	for _, h := range got {
		if want[h.Name] != h.Value {
			t.Errorf("%s: %q, want %q", h.Name, h.Value, want[h.Name])
		}
	}
}

// TestRenderKeepsHeadersToThePage: the page's pictures and scripts reach
// another host; the caller's headers go to the page's own host only.
func TestRenderKeepsHeadersToThePage(t *testing.T) {
	browser := needBrowser(t)
	var mu sync.Mutex
	tokens := map[string][]string{} // host → X-Token values received
	logged := func(name string, h http.Handler) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			tokens[name] = append(tokens[name], r.Header.Get("X-Token"))
			mu.Unlock()
			h.ServeHTTP(w, r)
		}))
	}
	other := logged("other", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Content-Type", "image/png")
		w.Write(bytes.Repeat([]byte{0x89}, 1000))
	}))
	t.Cleanup(other.Close)
	site := logged("site", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><title>g</title><img src="%[1]s/pic.png"><script>fetch("%[1]s/api?x=1")</script>`, other.URL)
	}))
	t.Cleanup(site.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	_, err := Render(ctx, site.URL+"/gallery", Options{Browser: browser, Settle: testSettle, MaxScreens: 1,
		Header: http.Header{"X-Token": {"SECRET"}}})
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(tokens["site"]) == 0 || tokens["site"][0] != "SECRET" {
		t.Errorf("the page's host got X-Token %q, want SECRET", tokens["site"])
	}
	if len(tokens["other"]) == 0 {
		t.Fatal("the other host was never asked")
	}
	for _, tok := range tokens["other"] {
		if tok != "" {
			t.Errorf("the other host got X-Token %q", tok)
		}
	}
	assertNoBrowserLeft(t)
}
