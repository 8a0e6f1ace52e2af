package downloader

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"haul/downloader/downloadtest"
)

func TestShownLink(t *testing.T) {
	tests := []struct{ link, want string }{
		{"http://site/a.jpg?x=1", "http://site/a.jpg?x=1"},
		{"http://user:pw@site/a.jpg", "http://user:xxxxx@site/a.jpg"},
		{"https://user@site/a.jpg", "https://user@site/a.jpg"},
		{"http://:secret@site/a.jpg", "http://:xxxxx@site/a.jpg"},
		{"not a link %zz", "not a link %zz"},
		// International site names in their own letters, kept percent-encoded or in punycode.
		{"http://b%C3%BCcher.example/a.jpg", "http://bücher.example/a.jpg"},
		{"http://xn--bcher-kva.example/b.jpg?q=1", "http://bücher.example/b.jpg?q=1"},
		{"https://user:pw@xn--bcher-kva.example:8080/c.jpg", "https://user:xxxxx@bücher.example:8080/c.jpg"},
		{"http://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/a.jpg", "http://例え.テスト/a.jpg"},
		{"http://xn--r8jz45g.xn--zckzah/a.jpg", "http://例え.テスト/a.jpg"},
		// A Cyrillic а among Latin letters could pass for another site: punycode.
		{"http://%D0%B0pple.com/a.jpg", "http://xn--pple-43d.com/a.jpg"},
		{"http://xn--pple-43d.com/a.jpg", "http://xn--pple-43d.com/a.jpg"},
		{"http://xn--zz.example/a.jpg", "http://xn--zz.example/a.jpg"},
		{"http://[::1]:8080/a.jpg", "http://[::1]:8080/a.jpg"},
	}
	for _, tt := range tests {
		if got := ShownLink(tt.link); got != tt.want {
			t.Errorf("ShownLink(%q) = %q, want %q", tt.link, got, tt.want)
		}
	}
}

// TestReportHidesPasswords: the CSV report never holds a link's password.
func TestReportHidesPasswords(t *testing.T) {
	items := []ItemSnapshot{{URL: "http://user:s3cr3t@site/a.jpg", State: Done, Name: "a.jpg"}}
	for _, opts := range []ReportOptions{{}, {BOM: true}} {
		var out bytes.Buffer
		if err := WriteReport(&out, items, opts); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.String(), "s3cr3t") {
			t.Errorf("the report holds the password:\n%s", out.String())
		}
		if !strings.Contains(out.String(), "http://user:xxxxx@site/a.jpg") {
			t.Errorf("the report does not name the link:\n%s", out.String())
		}
	}
}

// TestReportShowsInternationalNames: the CSV report names a link on an
// international site in its own letters, not percent-encoded.
func TestReportShowsInternationalNames(t *testing.T) {
	items := []ItemSnapshot{{URL: "http://b%C3%BCcher.example/a.jpg", State: Done, Name: "a.jpg"}}
	var out bytes.Buffer
	if err := WriteReport(&out, items, ReportOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "http://bücher.example/a.jpg") {
		t.Errorf("the report does not name the site in its letters:\n%s", out.String())
	}
}

// TestInternationalSiteIsAskedInPunycode: a link on an international site
// is requested with the site's punycode name, as browsers send it, and
// shown in its own letters.
func TestInternationalSiteIsAskedInPunycode(t *testing.T) {
	var host atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host.Store(r.Host)
		w.Write(downloadtest.Data(1000, 5))
	}))
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.Proxy = nil
	transport.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, srv.Listener.Addr().String())
	}
	opts := testOptions(t.TempDir())
	opts.Client = &http.Client{Transport: transport}
	m := New(opts)
	ids := addAll(t, m, "http://bücher.example:"+port+"/a.bin")
	runAll(t, m)
	it := mustItem(t, m, ids[0])
	if it.State != Done {
		t.Fatalf("%v (%v), want Done", it.State, it.Err)
	}
	if got, want := host.Load(), "xn--bcher-kva.example:"+port; got != want {
		t.Errorf("asked for host %q, want %q", got, want)
	}
	if got, want := ShownLink(it.URL), "http://bücher.example:"+port+"/a.bin"; got != want {
		t.Errorf("shown as %q, want %q", got, want)
	}
}
