package downloader

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// headerLog is a loopback site that serves one picture at every path and
// keeps the headers of every request it was sent.
type headerLog struct {
	srv  *httptest.Server
	mu   sync.Mutex
	seen []http.Header
}

func newHeaderLog(t *testing.T, picture []byte) *headerLog {
	t.Helper()
	l := &headerLog{}
	l.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		h := r.Header.Clone()
		h.Set("X-Asked-For", r.URL.String())
		l.seen = append(l.seen, h)
		l.mu.Unlock()
		w.Header().Set("Content-Type", "image/png")
		w.Write(picture)
	}))
	t.Cleanup(l.srv.Close)
	return l
}

func (l *headerLog) headers() []http.Header {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]http.Header(nil), l.seen...)
}

// TestPageSecretsStayWithThePage: pictures found on a page whose address
// holds a user name, a password and a session are fetched from the page's
// own host and from another; the other host never sees the password, the
// session or the user's Authorization, and the page's own host gets the
// page without its password as Referer, and the Authorization.
func TestPageSecretsStayWithThePage(t *testing.T) {
	site := newHeaderLog(t, pngOf(t, 30, 20, 1))
	other := newHeaderLog(t, pngOf(t, 30, 20, 2))
	siteURL, _ := url.Parse(site.srv.URL)
	page := "http://user:pw@" + siteURL.Host + "/gallery?session=S#top"
	opts := testOptions(t.TempDir())
	opts.Header = http.Header{"Authorization": {"Bearer TOKEN"}, "X-Api-Key": {"KEY"}}
	m := New(opts)
	ids, rejected := m.Intake().AddFromPage(page, site.srv.URL+"/own.png", other.srv.URL+"/elsewhere.png")
	if len(ids) != 2 || len(rejected) != 0 {
		t.Fatalf("AddFromPage: %d added, %v", len(ids), rejected)
	}
	runAll(t, m)
	for _, id := range ids {
		if it := mustItem(t, m, id); it.State != Done {
			t.Fatalf("%s: %v (%v), want Done", it.URL, it.State, it.Err)
		}
	}
	for _, h := range other.headers() {
		all := strings.Join(flatten(h), "\n")
		for _, secret := range []string{"pw", "session", "S#", "TOKEN", "KEY", "gallery"} {
			if strings.Contains(all, secret) {
				t.Errorf("the other host was sent %q:\n%s", secret, all)
			}
		}
		if got, want := h.Get("Referer"), site.srv.URL+"/"; got != want {
			t.Errorf("the other host was sent Referer %q, want the page's origin %q", got, want)
		}
	}
	for _, h := range site.headers() {
		if got, want := h.Get("Referer"), site.srv.URL+"/gallery?session=S"; got != want {
			t.Errorf("the page's host was sent Referer %q, want %q", got, want)
		}
		if h.Get("Authorization") != "Bearer TOKEN" || h.Get("X-Api-Key") != "KEY" {
			t.Errorf("the page's host was not sent the user's headers: %v", h)
		}
	}
	if len(other.headers()) == 0 || len(site.headers()) == 0 {
		t.Fatalf("requests: %d to the page's host, %d to the other", len(site.headers()), len(other.headers()))
	}
}

// flatten lists a request's headers as "Name: value" lines.
func flatten(h http.Header) []string {
	var lines []string
	for k, vs := range h {
		if k == "X-Asked-For" {
			continue
		}
		for _, v := range vs {
			lines = append(lines, k+": "+v)
		}
	}
	return lines
}

// TestListLinksGetHeadersForTheirOwnHost: links given in a list each get
// the user's headers on their own host; a redirect from one to another
// host does not carry them there.
func TestListLinksGetHeadersForTheirOwnHost(t *testing.T) {
	other := newHeaderLog(t, pngOf(t, 30, 20, 2))
	site := newHeaderLog(t, pngOf(t, 30, 20, 1))
	redirector := httptest.NewServer(http.RedirectHandler(other.srv.URL+"/moved.png", http.StatusFound))
	t.Cleanup(redirector.Close)
	opts := testOptions(t.TempDir())
	opts.Header = http.Header{"Authorization": {"Bearer TOKEN"}}
	m := New(opts)
	addAll(t, m, site.srv.URL+"/a.png", redirector.URL+"/get?id=1")
	runAll(t, m)
	for _, h := range other.headers() {
		if h.Get("Authorization") != "" {
			t.Errorf("the host redirected to was sent Authorization %q", h.Get("Authorization"))
		}
	}
	for _, h := range site.headers() {
		if h.Get("Authorization") != "Bearer TOKEN" {
			t.Errorf("the link's own host was not sent the user's Authorization: %v", h)
		}
	}
	if len(other.headers()) == 0 || len(site.headers()) == 0 {
		t.Fatalf("requests: %d to the link's host, %d to the other", len(site.headers()), len(other.headers()))
	}
}

// TestRedirectKeepsHeadersToTheirSite: the user's and a site rule's
// headers follow a redirect on the same host, but not to another host nor
// from https down to http on the same host; the Referer is recomputed for
// the new address.
func TestRedirectKeepsHeadersToTheirSite(t *testing.T) {
	opts := testOptions(t.TempDir())
	opts.Header = http.Header{"Authorization": {"Bearer TOKEN"}}
	opts.Sites = []SiteRule{{Site: "site.test", Header: http.Header{"X-Site-Key": {"SITEKEY"}}}}
	m := New(opts)
	tests := []struct {
		name, from, to string
		keep           bool
		referer        string
	}{
		{"same host", "https://site.test/a", "https://site.test/b", true, "https://site.test/gallery?s=1"},
		{"http up to https", "http://site.test/a", "https://site.test/b", true, ""},
		{"https down to http", "https://site.test/a", "http://site.test/b", false, ""},
		{"another host", "https://site.test/a", "https://cdn.test/b", false, "https://site.test/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first, _ := http.NewRequest(http.MethodGet, tt.from, nil)
			m.net.SetHeaders(first, "https://site.test/gallery?s=1", false)
			next, _ := http.NewRequest(http.MethodGet, tt.to, nil)
			next.Header = first.Header.Clone() // as net/http copies them
			if err := m.net.Client().CheckRedirect(next, []*http.Request{first}); err != nil {
				t.Fatal(err)
			}
			kept := next.Header.Get("Authorization") != "" || next.Header.Get("X-Site-Key") != ""
			if kept != tt.keep {
				t.Errorf("headers kept: %v, want %v (%v)", kept, tt.keep, next.Header)
			}
			if got := next.Header.Get("Referer"); got != tt.referer {
				t.Errorf("Referer %q, want %q", got, tt.referer)
			}
		})
	}
}
