package downloader

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sync/atomic"
	"testing"
)

// countingClient dials through a counter of connection attempts.
func countingClient(dials *atomic.Int32) *http.Client {
	var d net.Dialer
	return &http.Client{Transport: &http.Transport{
		DisableKeepAlives: true,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			dials.Add(1)
			return d.DialContext(ctx, network, addr)
		},
	}}
}

// closedAddress is a loopback address where nothing listens.
func closedAddress(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

func TestSiteThatRefusesEveryConnectionFailsItsOtherLinksAtOnce(t *testing.T) {
	const links, retries = 40, 2
	addr := closedAddress(t)
	var dials atomic.Int32
	opts := testOptions(t.TempDir())
	opts.Client = countingClient(&dials)
	opts.Limits = Limits{Concurrency: 2, Retries: retries}
	m := New(opts)
	urls := make([]string, links)
	for i := range urls {
		urls[i] = fmt.Sprintf("http://%s/f%d.jpg", addr, i)
	}
	ids := addAll(t, m, urls...)
	s := runAll(t, m)
	if s.Failed != links || s.Done+s.Skipped+s.Canceled != 0 {
		t.Fatalf("summary %+v, want all %d failed", s, links)
	}
	if n := int(dials.Load()); n < unreachableBeforeDown || n >= links*(retries+1) {
		t.Errorf("%d connection attempts, want fewer than every link's %d tries", n, links*(retries+1))
	}
	for _, id := range ids {
		it := mustItem(t, m, id)
		if it.Err == nil || it.Err.Reason != ReasonRefused {
			t.Fatalf("%s failed with %#v, want the refused connection", it.URL, it.Err)
		}
	}
}

func TestSiteThatAnsweredOnceIsNeverJudgedDown(t *testing.T) {
	const links, retries = 10, 2
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	go func() { // one answer, then the site stops listening
		c, err := l.Accept()
		l.Close()
		if err != nil {
			return
		}
		defer c.Close()
		buf := make([]byte, 4096)
		c.Read(buf)
		c.Write([]byte("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))
	}()
	var dials atomic.Int32
	opts := testOptions(t.TempDir())
	opts.Client = countingClient(&dials)
	opts.Limits = Limits{Concurrency: 1, Retries: retries}
	m := New(opts)
	urls := make([]string, links)
	for i := range urls {
		urls[i] = fmt.Sprintf("http://%s/f%d.jpg", addr, i)
	}
	addAll(t, m, urls...)
	s := runAll(t, m)
	if s.Failed != links {
		t.Fatalf("summary %+v, want all %d failed", s, links)
	}
	if n, want := int(dials.Load()), 1+(links-1)*(retries+1); n != want {
		t.Errorf("%d connection attempts, want %d: one answer, then every other link's own tries", n, want)
	}
}
