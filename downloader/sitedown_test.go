package downloader

import (
	"context"
	"fmt"
	"haul/downloader/sites"
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

// countingManager downloads through countingClient with the given limits.
func countingManager(t *testing.T, dials *atomic.Int32, concurrency, retries int) *Manager {
	opts := testOptions(t.TempDir())
	opts.Client = countingClient(dials)
	opts.Limits = Limits{Concurrency: concurrency, Retries: retries}
	return New(opts)
}

// linksTo makes n links to files at addr.
func linksTo(addr string, n int) []string {
	urls := make([]string, n)
	for i := range urls {
		urls[i] = fmt.Sprintf("http://%s/f%d.bin", addr, i)
	}
	return urls
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
	m := countingManager(t, &dials, 2, retries)
	urls := linksTo(addr, links)
	ids := addAll(t, m, urls...)
	s := runAll(t, m)
	if s.Failed != links || s.Done+s.Skipped+s.Canceled != 0 {
		t.Fatalf("summary %+v, want all %d failed", s, links)
	}
	if n := int(dials.Load()); n < sites.UnreachableBeforeDown || n >= links*(retries+1) {
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
	m := countingManager(t, &dials, 1, retries)
	urls := linksTo(addr, links)
	addAll(t, m, urls...)
	s := runAll(t, m)
	if s.Failed != links {
		t.Fatalf("summary %+v, want all %d failed", s, links)
	}
	if n, want := int(dials.Load()), 1+(links-1)*(retries+1); n != want {
		t.Errorf("%d connection attempts, want %d: one answer, then every other link's own tries", n, want)
	}
}

func TestRetryFailedTriesASiteJudgedDownAgain(t *testing.T) {
	const links = 20
	addr := closedAddress(t)
	var dials atomic.Int32
	m := countingManager(t, &dials, 2, 1)
	urls := linksTo(addr, links)
	ids := addAll(t, m, urls...)
	if s := runAll(t, m); s.Failed != links {
		t.Fatalf("summary %+v, want all %d failed while the site is down", s, links)
	}
	l, err := net.Listen("tcp", addr) // the site is back
	if err != nil {
		t.Skipf("cannot listen on %s again: %v", addr, err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("file")) })}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	if n := m.Controls().RetryFailed(); n != links {
		t.Fatalf("RetryFailed queued %d, want %d", n, links)
	}
	if s := runAll(t, m); s.Done != links {
		t.Fatalf("summary %+v after Retry failed, want all %d saved", s, links)
	}
	for _, id := range ids {
		if it := mustItem(t, m, id); it.State != Done || it.Err != nil {
			t.Fatalf("%s is %v (%v), want saved", it.URL, it.State, it.Err)
		}
	}
}
