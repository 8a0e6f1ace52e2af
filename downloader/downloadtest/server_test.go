package downloadtest

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestNewListensOnLoopback(t *testing.T) {
	s := newServer(t)
	u, err := url.Parse(s.URL("/"))
	if err != nil {
		t.Fatalf("parse server URL: %v", err)
	}
	if host, _, _ := net.SplitHostPort(u.Host); host != "127.0.0.1" {
		t.Errorf("server listens on %q, want 127.0.0.1", host)
	}
}

func TestUnknownPathIsNotFound(t *testing.T) {
	s := newServer(t)
	resp, body, err := fetch(t, http.DefaultClient, http.MethodGet, s.URL("/missing.jpg"), nil)
	if err != nil {
		t.Fatalf("read body: %v", err)
	}
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("status %d, want 404", resp.StatusCode)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Errorf("Content-Type %q, want an HTML page", ct)
	}
	if !bytes.Contains(body, []byte("404 Not Found")) {
		t.Errorf("body %q does not name the error", body)
	}
	if got := s.Hits("/missing.jpg"); got != 1 {
		t.Errorf("Hits = %d, want 1", got)
	}
	if got := s.BytesSent(); got != int64(len(body)) {
		t.Errorf("BytesSent = %d, want %d", got, len(body))
	}
}

func TestURL(t *testing.T) {
	s := newServer(t)
	base := strings.TrimSuffix(s.URL("/"), "/")
	tests := []struct {
		path, want string
	}{
		{"/a.jpg", "/a.jpg"},
		{"a.jpg", "/a.jpg"},
		{"/dir/a b.jpg", "/dir/a%20b.jpg"},
		{"/café.jpg", "/caf%C3%A9.jpg"},
		{"/get?id=3&x=y", "/get?id=3&x=y"},
	}
	for _, tt := range tests {
		if got := s.URL(tt.path); got != base+tt.want {
			t.Errorf("URL(%q) = %q, want %q", tt.path, got, base+tt.want)
		}
	}
}

func TestPathsMatchUnescapedAndIgnoreQuery(t *testing.T) {
	s := newServer(t)
	tests := []struct {
		registered, requested string
	}{
		{"/a b.jpg", "/a b.jpg"},
		{"/café.jpg", "/café.jpg"},
		{"/get", "/get?id=3"},
		{"/download?id=1", "/download?id=2"},
	}
	for i, tt := range tests {
		body := Data(100, int64(i))
		s.Handle(tt.registered, body)
		resp, got, err := fetch(t, http.DefaultClient, http.MethodGet, s.URL(tt.requested), nil)
		if err != nil || resp.StatusCode != http.StatusOK || !bytes.Equal(got, body) {
			t.Errorf("GET %q registered as %q: status %d, %d bytes, err %v", tt.requested, tt.registered, resp.StatusCode, len(got), err)
		}
		if hits := s.Hits(tt.registered); hits != 1 {
			t.Errorf("Hits(%q) = %d, want 1", tt.registered, hits)
		}
	}
}

func TestHandleReplacesFileButKeepsHits(t *testing.T) {
	s := newServer(t)
	s.Handle("/f", []byte("old"), FailFirst(1, 500, ""))
	s.Handle("/f", []byte("new"))
	_, body, err := fetch(t, http.DefaultClient, http.MethodGet, s.URL("/f"), nil)
	if err != nil || string(body) != "new" {
		t.Fatalf("after replacing: body %q, err %v; want %q", body, err, "new")
	}
	s.Handle("/f", []byte("newer"), FailFirst(1, 500, ""))
	resp, _, _ := fetch(t, http.DefaultClient, http.MethodGet, s.URL("/f"), nil)
	if resp.StatusCode != http.StatusInternalServerError {
		t.Errorf("replaced file with FailFirst: status %d, want 500 (counting restarts)", resp.StatusCode)
	}
	if got := s.Hits("/f"); got != 2 {
		t.Errorf("Hits = %d, want 2 across replacements", got)
	}
}

func TestHandleFuncCountsHitsAndBytes(t *testing.T) {
	s := newServer(t)
	s.HandleFunc("/hello", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = io.WriteString(w, "hello ")
		if err := http.NewResponseController(w).Flush(); err != nil {
			t.Errorf("flush through the wrapper: %v", err)
		}
		_, _ = io.WriteString(w, "world")
	})
	resp, body, err := fetch(t, http.DefaultClient, http.MethodGet, s.URL("/hello"), nil)
	if err != nil || string(body) != "hello world" {
		t.Fatalf("body %q, err %v; want %q", body, err, "hello world")
	}
	if resp.Header.Get("Content-Type") != "text/plain" {
		t.Errorf("Content-Type %q, want the handler's", resp.Header.Get("Content-Type"))
	}
	if got := s.Hits("/hello"); got != 1 {
		t.Errorf("Hits = %d, want 1", got)
	}
	if got := s.BytesSent(); got != int64(len(body)) {
		t.Errorf("BytesSent = %d, want %d", got, len(body))
	}
}

func TestRequestsRecordsHeaders(t *testing.T) {
	s := newServer(t)
	s.Handle("/f.bin", Data(1000, 1))
	headers := map[string]string{
		"Range":      "bytes=500-",
		"If-Range":   `"abc"`,
		"Referer":    "https://example.org/gallery",
		"User-Agent": "Haul/1.0",
	}
	fetch(t, http.DefaultClient, http.MethodHead, s.URL("/f.bin"), nil)
	fetch(t, http.DefaultClient, http.MethodGet, s.URL("/f.bin?page=2"), headers)
	got := s.Requests("/f.bin")
	if len(got) != 2 {
		t.Fatalf("Requests returned %d records, want 2", len(got))
	}
	if got[0].Method != http.MethodHead || got[1].Method != http.MethodGet {
		t.Errorf("methods %q, %q; want HEAD, GET", got[0].Method, got[1].Method)
	}
	if got[1].Path != "/f.bin" || got[1].RawQuery != "page=2" {
		t.Errorf("path %q query %q; want /f.bin and page=2", got[1].Path, got[1].RawQuery)
	}
	for name, want := range headers {
		if v := got[1].Header.Get(name); v != want {
			t.Errorf("recorded %s = %q, want %q", name, v, want)
		}
	}
	if got[0].Header.Get("Range") != "" {
		t.Errorf("first request recorded Range %q, want none", got[0].Header.Get("Range"))
	}
	if s.Requests("/never") != nil {
		t.Errorf("Requests for an unused path should be empty")
	}
}

func TestRedirects(t *testing.T) {
	s := newServer(t)
	body := Data(300, 9)
	s.Handle("/a", nil, Redirect("/b", http.StatusFound))
	s.Handle("/b", nil, Redirect(s.URL("/c.png"), http.StatusMovedPermanently))
	s.Handle("/c.png", body)
	s.Handle("/loop", nil, Redirect("/loop", http.StatusFound))

	resp, got, err := fetch(t, http.DefaultClient, http.MethodGet, s.URL("/a"), nil)
	if err != nil || !bytes.Equal(got, body) {
		t.Fatalf("following the chain: %d bytes, err %v; want the file", len(got), err)
	}
	if resp.Request.URL.Path != "/c.png" {
		t.Errorf("chain ended at %q, want /c.png", resp.Request.URL.Path)
	}
	for _, p := range []string{"/a", "/b", "/c.png"} {
		if s.Hits(p) != 1 {
			t.Errorf("Hits(%q) = %d, want 1", p, s.Hits(p))
		}
	}

	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, s.URL("/loop"), nil)
	if err != nil {
		t.Fatalf("build request: %v", err)
	}
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		t.Fatal("a redirect loop should end in a client error")
	}
	if s.Hits("/loop") < 2 {
		t.Errorf("Hits(/loop) = %d, want the loop to be followed", s.Hits("/loop"))
	}
}

func TestMaxInFlight(t *testing.T) {
	const n = 50
	s := newServer(t)
	release := make(chan struct{})
	s.HandleFunc("/gate", func(w http.ResponseWriter, r *http.Request) {
		<-release
		_, _ = io.WriteString(w, "ok")
	})
	done := make(chan error, n)
	for range n {
		go func() {
			resp, err := http.Get(s.URL("/gate"))
			if err == nil {
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			done <- err
		}()
	}
	if err := s.WaitInFlight(t.Context(), n); err != nil {
		t.Fatal(err)
	}
	if got := s.InFlight(); got != n {
		t.Errorf("InFlight = %d while all are held, want %d", got, n)
	}
	close(release)
	for range n {
		if err := <-done; err != nil {
			t.Errorf("request: %v", err)
		}
	}
	if err := s.WaitIdle(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := s.MaxInFlight(); got != n {
		t.Errorf("MaxInFlight = %d, want %d", got, n)
	}
	if got := s.InFlight(); got != 0 {
		t.Errorf("InFlight = %d after all finished, want 0", got)
	}
	if got := s.Hits("/gate"); got != n {
		t.Errorf("Hits = %d, want %d", got, n)
	}
}

func TestWaitInFlightHonoursContext(t *testing.T) {
	s := newServer(t)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := s.WaitInFlight(ctx, 1); err == nil {
		t.Error("WaitInFlight with a canceled context and no requests should fail")
	}
}
