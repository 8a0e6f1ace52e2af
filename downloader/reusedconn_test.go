package downloader

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"haul/downloader/downloadtest"
)

// TestNotHTTPOnAReusedConnectionIsTriedAgain: a server whose answers leave
// stray bytes on the connection (one that sends more than it announces)
// makes the next request there read an answer that is not HTTP. That link
// is tried again on a new connection and saved, not failed as a site that
// does not speak HTTP; every file is whole and its own.
func TestNotHTTPOnAReusedConnectionIsTriedAgain(t *testing.T) {
	files := map[string][]byte{}
	for i := range 3 {
		files[fmt.Sprintf("/p%d.jpg", i)] = downloadtest.Picture(3000+i, int64(i))
	}
	srv := strayBytesServer(t, files)
	var links []string
	for i := range 3 {
		links = append(links, fmt.Sprintf("%s/p%d.jpg", srv.base, i))
	}
	dir := t.TempDir()
	opts := testOptions(dir)
	opts.Limits.Concurrency = 1
	m := New(opts)
	ids := addAll(t, m, links...)
	runAll(t, m)
	for i, id := range ids {
		it := mustItem(t, m, id)
		if it.State != Done {
			t.Fatalf("link %d: state %v (%+v), want Done", i, it.State, it.Err)
		}
		name := fmt.Sprintf("p%d.jpg", i)
		if fileSum(t, filepath.Join(dir, name)) != sum256(files["/"+name]) {
			t.Errorf("%s is not the file served for it", name)
		}
	}
	stray := srv.stray.Load()
	if stray == 0 {
		t.Fatal("no request went out on a used connection: the test proves nothing")
	}
	if got, want := srv.requests.Load(), int32(len(links))+stray; got != want {
		t.Errorf("%d requests, want %d (each link once, and again after each stray answer)", got, want)
	}
}

// TestNotHTTPOnAReusedConnectionFindsTheNextPage: finding the pictures of
// a gallery of three pages on such a server asks for the next pages on
// the connection the first one used; each is asked again on a new one,
// and the pictures of every page are found.
func TestNotHTTPOnAReusedConnectionFindsTheNextPage(t *testing.T) {
	files := map[string][]byte{}
	for i := range 3 {
		next := ""
		if i < 2 {
			next = fmt.Sprintf(`<link rel="next" href="/g%d.html">`, i+1)
		}
		files[fmt.Sprintf("/g%d.html", i)] = fmt.Appendf(nil,
			`<html><head>%s</head><body><img src="/p%d.jpg" width="400" height="300"></body></html>`, next, i)
	}
	srv := strayBytesServer(t, files)
	m := New(testOptions(t.TempDir()))
	images, problems, err := m.Network().FindImages(t.Context(), srv.base+"/g0.html", 3)
	if err != nil {
		t.Fatalf("FindImages: %v", err)
	}
	if len(problems) != 0 {
		t.Errorf("problems %+v, want none", problems)
	}
	var found []string
	for _, img := range images {
		found = append(found, strings.TrimPrefix(img.URL, srv.base))
	}
	if want := []string{"/p0.jpg", "/p1.jpg", "/p2.jpg"}; fmt.Sprint(found) != fmt.Sprint(want) {
		t.Errorf("found %v, want %v", found, want)
	}
	if srv.stray.Load() == 0 {
		t.Fatal("no page was asked for on a used connection: the test proves nothing")
	}
}

// strayServer counts what strayBytesServer was asked.
type strayServer struct {
	base     string
	requests atomic.Int32
	stray    atomic.Int32
}

// strayBytesServer answers the first request on each connection with its
// file, and any later request there with bytes that are not HTTP, then
// closes the connection.
func strayBytesServer(t *testing.T, files map[string][]byte) *strayServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	s := &strayServer{base: "http://" + ln.Addr().String()}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c, files)
		}
	}()
	return s
}

func (s *strayServer) serve(c net.Conn, files map[string][]byte) {
	defer c.Close()
	br := bufio.NewReader(c)
	for n := 1; ; n++ {
		req, err := http.ReadRequest(br)
		if err != nil {
			return
		}
		s.requests.Add(1)
		if n > 1 {
			s.stray.Add(1)
			c.Write([]byte("\nthe rest of the last answer\r\n\r\n"))
			return
		}
		body, kind := files[req.URL.Path], "image/jpeg"
		if strings.HasSuffix(req.URL.Path, ".html") {
			kind = "text/html"
		}
		fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n", kind, len(body))
		c.Write(body)
	}
}
