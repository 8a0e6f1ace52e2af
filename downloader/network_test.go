package downloader

import (
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/cookies"
	"haul/downloader/downloadtest"
)

// membersSite starts the members-only test site, closed at the end of the test.
func membersSite(t *testing.T, n int) *downloadtest.Members {
	t.Helper()
	site := downloadtest.NewMembers(n)
	t.Cleanup(site.Close)
	return site
}

// membersCookies reads the site's cookies.txt for domain.
func membersCookies(t *testing.T, site *downloadtest.Members, domain string) []cookies.Cookie {
	t.Helper()
	cs, err := cookies.ReadNetscape(strings.NewReader(site.CookiesTxt(domain)))
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestMembersOnlyGallery finds the pictures of the members-only gallery
// and saves them, with the session from cookies.txt, the pass cookie the
// gallery sets and the gallery as Referer; without the session, the page
// search fails with a sign-in reason.
func TestMembersOnlyGallery(t *testing.T) {
	site := membersSite(t, 3)
	tests := []struct {
		name       string
		domain     string // of the session cookie; "" loads none
		wantSaved  int
		wantSignIn bool
	}{
		{"session for the site", downloadtest.MembersDomain, 3, false},
		{"no cookies", "", 0, true},
		{"session for another site", "elsewhere.test", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := testOptions(t.TempDir())
			o.DialContext = site.Dial
			m := New(o)
			if tt.domain != "" {
				m.Network().AddCookies(membersCookies(t, site, tt.domain))
			}
			images, _, err := m.Network().FindImages(t.Context(), site.GalleryURL(), 1)
			var ie *ItemError
			if tt.wantSignIn {
				if !asItemError(err, &ie) || ie.Reason != ReasonSignIn || !ie.NeedsSignIn() {
					t.Fatalf("FindImages err = %v, want the sign-in reason", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var links []string
			for _, img := range images {
				links = append(links, img.URL)
			}
			m.Intake().AddFromPage(site.GalleryURL(), links...)
			if s := runAll(t, m); s.Done != tt.wantSaved {
				t.Fatalf("summary %+v, refusals %v", s, site.Refusals())
			}
			for name, body := range site.Pictures {
				if fileSum(t, filepath.Join(o.Dir, name)) != sum256(body) {
					t.Errorf("%s differs", name)
				}
			}
			if r := site.Refusals(); r["foreign-cookie"] != 0 {
				t.Errorf("a cookie of another domain reached the site: %v", r)
			}
		})
	}
}

func asItemError(err error, target **ItemError) bool {
	return err != nil && errors.As(err, target)
}

// TestPictureWithoutRefererOrPassNeedsSignIn checks a picture asked for
// without what the site wants fails, and the failure offers signing in.
func TestPictureWithoutRefererOrPassNeedsSignIn(t *testing.T) {
	site := membersSite(t, 1)
	o := testOptions(t.TempDir())
	o.DialContext = site.Dial
	m := New(o)
	m.Network().AddCookies(membersCookies(t, site, downloadtest.MembersDomain))
	var link string
	for name := range site.Pictures {
		link = site.URL("img."+downloadtest.MembersDomain, "/full/"+name)
	}
	id := addAll(t, m, link)[0]
	if s := runAll(t, m); s.Failed != 1 {
		t.Fatalf("summary %+v", s)
	}
	if it := mustItem(t, m, id); !it.Err.NeedsSignIn() {
		t.Errorf("failure %v does not offer signing in", it.Err)
	}
	if entries, _ := os.ReadDir(o.Dir); len(entries) != 0 {
		t.Errorf("files left: %v", entries)
	}
}

// TestProxyFromEnvironmentHonoursNoProxy sends one site through the
// system's proxy and another, named in NO_PROXY, directly.
func TestProxyFromEnvironmentHonoursNoProxy(t *testing.T) {
	site := membersSite(t, 0)
	proxy := downloadtest.NewProxy(site.Dial)
	t.Cleanup(proxy.Close)
	t.Setenv("HTTP_PROXY", proxy.URL())
	t.Setenv("http_proxy", proxy.URL())
	t.Setenv("NO_PROXY", "direct.test")
	t.Setenv("no_proxy", "direct.test")
	o := testOptions(t.TempDir())
	o.DialContext = site.Dial
	m := New(o)
	for _, host := range []string{"via.test", "direct.test"} {
		resp, err := m.Network().Fetch(t.Context(), site.URL(host, "/login"), "")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if got := proxy.Hosts(); got["via.test"] != 1 || got["direct.test"] != 0 {
		t.Errorf("proxy forwarded %v, want via.test once and direct.test never", got)
	}
	if got := site.Hosts(); got["via.test"] != 1 || got["direct.test"] != 1 {
		t.Errorf("site saw %v", got)
	}
}

// TestProxySettingsApplyAtOnce switches between a manual proxy with a
// password, no proxy, and back, on one Manager.
func TestProxySettingsApplyAtOnce(t *testing.T) {
	site := membersSite(t, 0)
	proxy := downloadtest.NewProxy(site.Dial)
	t.Cleanup(proxy.Close)
	t.Setenv("HTTP_PROXY", proxy.URL())
	t.Setenv("http_proxy", proxy.URL())
	o := testOptions(t.TempDir())
	o.DialContext = site.Dial
	o.Proxy = ProxySettings{Mode: ProxyNone}
	m := New(o)
	fetch := func(host string) {
		t.Helper()
		resp, err := m.Network().Fetch(t.Context(), site.URL(host, "/login"), "")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	fetch("none.test")
	if err := m.Network().SetProxy(ProxySettings{Mode: ProxyManual, URL: proxy.URL(), User: "ann", Password: "pw"}); err != nil {
		t.Fatal(err)
	}
	fetch("manual.test")
	if err := m.Network().SetProxy(ProxySettings{Mode: ProxyManual, URL: "ftp://x"}); err == nil {
		t.Error("an ftp proxy was accepted")
	}
	fetch("manual2.test")
	got := proxy.Hosts()
	if got["none.test"] != 0 || got["manual.test"] != 1 || got["manual2.test"] != 1 {
		t.Errorf("proxy forwarded %v", got)
	}
	want := "Basic " + base64.StdEncoding.EncodeToString([]byte("ann:pw"))
	if a := proxy.Auth(); len(a) != 2 || a[0] != want {
		t.Errorf("proxy sign-in %v, want %q", a, want)
	}
}

func TestParseProxy(t *testing.T) {
	tests := []struct {
		in      string
		want    ProxyMode
		wantErr bool
	}{
		{"", ProxySystem, false},
		{"none", ProxyNone, false},
		{"socks5://127.0.0.1:1080", ProxyManual, false},
		{"https://user:pw@proxy.test:8443", ProxyManual, false},
		{"proxy.test:3128", ProxyManual, false},
		{"ftp://proxy.test", 0, true},
		{"http://", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseProxy(tt.in)
		if (err != nil) != tt.wantErr || (err == nil && got.Mode != tt.want) {
			t.Errorf("ParseProxy(%q) = %+v, %v", tt.in, got, err)
		}
	}
}

// TestSiteRules checks each site's Referer, User-Agent and extra headers.
func TestSiteRules(t *testing.T) {
	s := newServer(t)
	s.Handle("/a.bin", downloadtest.Data(100, 1))
	page := "http://page.example/gallery"
	tests := []struct {
		name        string
		rule        SiteRule
		wantReferer string
		wantAgent   string
		wantHeader  string
	}{
		{"no rule: the page's origin", SiteRule{Site: "other.example"}, "http://page.example/", DefaultUserAgent, ""},
		{"no referer, browser", SiteRule{Site: "127.0.0.1", Referer: RefererNone, Agent: AgentBrowser}, "", BrowserUserAgent, ""},
		{"fixed, custom, header", SiteRule{Site: "127.0.0.1", Referer: RefererFixed, FixedReferer: "http://fixed.example/",
			Agent: AgentCustom, CustomAgent: "Mine/1", Header: http.Header{"X-Token": {"t"}}}, "http://fixed.example/", "Mine/1", "t"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New(testOptions(t.TempDir()))
			m.Network().SetSites([]SiteRule{tt.rule})
			resp, err := m.Network().Fetch(t.Context(), s.URL("/a.bin"), page)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			reqs := s.Requests("/a.bin")
			r := reqs[len(reqs)-1]
			if r.Header.Get("Referer") != tt.wantReferer || r.Header.Get("User-Agent") != tt.wantAgent || r.Header.Get("X-Token") != tt.wantHeader {
				t.Errorf("sent Referer %q, User-Agent %q, X-Token %q", r.Header.Get("Referer"), r.Header.Get("User-Agent"), r.Header.Get("X-Token"))
			}
		})
	}
}

// TestFetchedPictureIsNotFetchedAgain reads a picture through FetchKeep,
// as the picker does for its thumbnail, then downloads it: the site is
// asked once and the saved file is the picture.
func TestFetchedPictureIsNotFetchedAgain(t *testing.T) {
	s := newServer(t)
	body := downloadtest.Data(200_000, 7)
	s.Handle("/pic.bin", body)
	o := testOptions(t.TempDir())
	m := New(o)
	resp, err := m.Network().FetchKeep(t.Context(), s.URL("/pic.bin"), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	id := addAll(t, m, s.URL("/pic.bin"))[0]
	if sum := runAll(t, m); sum.Done != 1 {
		t.Fatalf("summary %+v", sum)
	}
	if got := fileSum(t, mustItem(t, m, id).Path); got != sum256(body) {
		t.Error("the saved file differs from the picture")
	}
	if n := s.Hits("/pic.bin"); n != 1 {
		t.Errorf("the site was asked %d times, want once", n)
	}
}
