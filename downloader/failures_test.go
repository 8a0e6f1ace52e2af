package downloader

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"haul/downloader/downloadtest"
	"haul/downloader/network"
)

// TestCutEveryTimeIgnoringRangeFails: a server that cuts every answer at
// the same byte and ignores Range ends Failed after the retries: the first
// try is free (it got further than any before), each later one counts.
func TestCutEveryTimeIgnoringRangeFails(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/cut.bin", downloadtest.Data(200<<10, 4), downloadtest.IgnoreRange(), downloadtest.CutBody(50<<10, -1))
	opts := testOptions(t.TempDir())
	m := New(opts)
	ids := addAll(t, m, srv.URL("/cut.bin"))
	runAll(t, m)
	it := mustItem(t, m, ids[0])
	if it.State != Failed || it.Err == nil || it.Err.Kind != ErrShortBody {
		t.Fatalf("state %v, error %#v; want Failed with a short body", it.State, it.Err)
	}
	if hits, want := srv.Hits("/cut.bin"), opts.Retries+2; hits != want {
		t.Errorf("server was asked %d times, want %d (one free try, then %d retries)", hits, want, opts.Retries)
	}
	if it.Err.Tries != opts.Retries+1 {
		t.Errorf("the failure counts %d tries, want the %d that counted", it.Err.Tries, opts.Retries+1)
	}
}

// TestChangedETagOnPartialAnswerRestarts: a server that ignores If-Range and
// answers a resume with a 206 of a new version makes Haul start over; the
// saved file is the new version whole, never two versions spliced.
func TestChangedETagOnPartialAnswerRestarts(t *testing.T) {
	v1, v2 := downloadtest.Data(100<<10, 5), downloadtest.Data(100<<10, 6)
	link, requested := cutThenResumeServer(t, v1, 40<<10, func(w http.ResponseWriter) {
		w.Header().Set("ETag", `"v2"`)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", 40<<10, len(v2)-1, len(v2)))
		w.Header().Set("Content-Length", strconv.Itoa(len(v2)-40<<10))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(v2[40<<10:])
	}, v2, `"v2"`)
	dir := t.TempDir()
	m := New(testOptions(dir))
	ids := addAll(t, m, link)
	runAll(t, m)
	if it := mustItem(t, m, ids[0]); it.State != Done {
		t.Fatalf("state %v (%v), want Done", it.State, it.Err)
	}
	if fileSum(t, filepath.Join(dir, "file.bin")) != sum256(v2) {
		t.Fatal("the saved file is not the new version whole")
	}
	if ranges := requested(); len(ranges) != 3 || ranges[1] == "" || ranges[2] != "" {
		t.Errorf("Range headers %q; want no range, a resume, then a fresh start", ranges)
	}
}

// TestAnswersNoTryCanMend: failures of the answer itself are tried once and
// explained by their cause, in the item and in the CSV report.
func TestAnswersNoTryCanMend(t *testing.T) {
	tests := []struct {
		name   string
		start  func(t *testing.T) (link string, client *http.Client, tries *atomic.Int32)
		kind   ErrorKind
		reason Reason
		detail string
	}{
		{"untrusted certificate", untrustedTLSServer, ErrCertificate, ReasonCertificate, CertificateUnknownAuthority},
		{"not HTTP", rawServer("SSH-2.0-OpenSSH_9.6\r\n"), ErrNotHTTP, ReasonNotHTTPAnswer, ""},
		{"a length that is no length", rawServer("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nhello"), ErrNotHTTP, ReasonNotHTTPAnswer, ""},
		{"two lengths", rawServer("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!"), ErrNotHTTP, ReasonNotHTTPAnswer, ""},
		{"a redirect to an unreadable address", rawServer("HTTP/1.1 302 Found\r\nLocation: http://[::1\r\nContent-Length: 0\r\n\r\n"), ErrNotHTTP, ReasonNotHTTPAnswer, ""},
		{"headers too large", rawServer("HTTP/1.1 200 OK\r\nX-Big: " + strings.Repeat("a", 2<<20) + "\r\n\r\n"), ErrHeadersTooLarge, ReasonHeadersTooLarge, ""},
		{"proxy refuses the tunnel", refusingProxy, ErrProxyRefused, ReasonProxyRefused, "403 Forbidden"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			link, client, tries := tt.start(t)
			opts := testOptions(t.TempDir())
			opts.Client = client
			// every answer here comes at once, but reading a megabyte of
			// headers under -race on a busy machine can take longer than the
			// tests' short wait for an answer, which would fail it as slow
			opts.IdleTimeout = 30 * time.Second
			m := New(opts)
			ids := addAll(t, m, link)
			runAll(t, m)
			it := mustItem(t, m, ids[0])
			if it.State != Failed || it.Err == nil || it.Err.Kind != tt.kind {
				t.Fatalf("state %v, error %#v; want Failed of kind %v", it.State, it.Err, tt.kind)
			}
			if n := tries.Load(); n != 1 || it.Attempts != 1 {
				t.Errorf("tried %d times (%d attempts), want once", n, it.Attempts)
			}
			if it.Err.Reason != tt.reason || it.Err.Detail != tt.detail || it.Err.Host == "" {
				t.Errorf("failure %+v, want reason %s, detail %q and the site", it.Err, tt.reason, tt.detail)
			}
			items, _ := m.Snapshot()
			var report bytes.Buffer
			if err := WriteReport(&report, items, ReportOptions{}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(report.String(), ","+string(tt.reason)+"\n") {
				t.Errorf("the CSV report does not give the reason %s:\n%s", tt.reason, report.String())
			}
		})
	}
}

// untrustedTLSServer is an https site whose certificate nobody trusts; it
// counts the connections made to it.
func untrustedTLSServer(t *testing.T) (string, *http.Client, *atomic.Int32) {
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Config.ErrorLog = discardLog()
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv.URL + "/photo.jpg", nil, &conns
}

// rawServer answers every connection with the given bytes and hangs up.
func rawServer(answer string) func(t *testing.T) (string, *http.Client, *atomic.Int32) {
	return func(t *testing.T) (string, *http.Client, *atomic.Int32) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ln.Close() })
		var conns atomic.Int32
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				conns.Add(1)
				go func() {
					defer c.Close()
					buf := make([]byte, 4096)
					c.Read(buf)
					c.Write([]byte(answer))
				}()
			}
		}()
		return "http://" + ln.Addr().String() + "/photo.jpg", nil, &conns
	}
}

// refusingProxy is a proxy that answers every tunnel request 403.
func refusingProxy(t *testing.T) (string, *http.Client, *atomic.Int32) {
	var connects atomic.Int32
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodConnect {
			connects.Add(1)
		}
		http.Error(w, "not allowed", http.StatusForbidden)
	}))
	t.Cleanup(proxy.Close)
	proxyURL, _ := url.Parse(proxy.URL)
	client := network.NewClient(testOptions("").withDefaults().network(), http.ProxyURL(proxyURL), nil)
	return "https://photos.example/photo.jpg", client, &connects
}

// discardLog silences a test server's log of the handshakes it refuses.
func discardLog() *log.Logger { return log.New(io.Discard, "", 0) }

// TestRestoredFailedItemCanBeRetried: an item saved as Failed comes back
// Failed with its reason, and Retry gives it a fresh set of tries.
func TestRestoredFailedItemCanBeRetried(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(10<<10, 41)
	srv.Handle("/back.bin", body)
	m := New(testOptions(t.TempDir()))
	ids := m.Saved().Restore([]Record{{URL: srv.URL("/back.bin"), State: Failed.String(), Attempts: 6,
		Failure: &ItemError{Kind: ErrShortBody, Reason: ReasonCutShort, Tries: 6}}})
	if it := mustItem(t, m, ids[0]); it.State != Failed || it.Err == nil || it.Err.Reason != ReasonCutShort {
		t.Fatalf("restored as %v (%v), want Failed with its reason", it.State, it.Err)
	}
	if !m.Controls().Retry(ids[0]) {
		t.Fatal("Retry refused a restored failed item")
	}
	runAll(t, m)
	if it := mustItem(t, m, ids[0]); it.State != Done || fileSum(t, it.Path) != sum256(body) {
		t.Fatalf("after Retry: %v (%v)", it.State, it.Err)
	}
}
