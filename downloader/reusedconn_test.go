package downloader

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
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
		files[fmt.Sprintf("/p%d.jpg", i)] = downloadtest.Data(3000+i, int64(i))
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
		body := files[req.URL.Path]
		fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n", len(body))
		c.Write(body)
	}
}
