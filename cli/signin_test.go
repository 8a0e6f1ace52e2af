package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader"
	"haul/downloader/downloadtest"
)

// membersSite starts the members-only site and makes haul get reach its
// made-up host names, for the length of the test.
func membersSite(t *testing.T, n int) *downloadtest.Members {
	t.Helper()
	site := downloadtest.NewMembers(n)
	t.Cleanup(site.Close)
	before := optionsHook
	optionsHook = func(o *downloader.Options) {
		before(o)
		o.DialContext = site.Dial
	}
	t.Cleanup(func() { optionsHook = before })
	return site
}

// TestCookiesFromFileSaveTheMembersGallery runs haul get -cookies FILE
// -from-page on the members-only site: with the session for the site every
// full-size picture is saved; without cookies, or with the session of
// another site, nothing is, the failure asks for a sign-in and the exit
// code is 1.
func TestCookiesFromFileSaveTheMembersGallery(t *testing.T) {
	site := membersSite(t, 4)
	tests := []struct {
		name     string
		domain   string // of the session in cookies.txt; "" gives no -cookies
		wantCode int
		wantSave bool
	}{
		{"session for the site", downloadtest.MembersDomain, exitOK, true},
		{"no cookies", "", exitFailed, false},
		{"session for another site", "elsewhere.test", exitFailed, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := []string{"-o", out, "-state", "off", "-from-page", site.GalleryURL()}
			if tt.domain != "" {
				jar := filepath.Join(t.TempDir(), "cookies.txt")
				if err := os.WriteFile(jar, []byte(site.CookiesTxt(tt.domain)), 0o600); err != nil {
					t.Fatal(err)
				}
				args = append([]string{"-cookies", jar}, args...)
			}
			r := runGet(t.Context(), "", args...)
			if r.code != tt.wantCode {
				t.Fatalf("exit %d, want %d\n%s\n%s", r.code, tt.wantCode, r.stdout, r.stderr)
			}
			if strings.Contains(r.stdout+r.stderr, site.Session) {
				t.Error("a cookie value was printed")
			}
			if refusals := site.Refusals(); refusals["foreign-cookie"] != 0 {
				t.Errorf("a cookie of another domain reached the site: %v", refusals)
			}
			if tt.wantSave {
				checkFiles(t, out, site.Pictures)
				return
			}
			if entries, _ := os.ReadDir(out); len(entries) != 0 {
				t.Errorf("saved %d files without a sign-in", len(entries))
			}
			for _, want := range []string{"wants you to sign in", "-cookies-from-browser"} {
				if !strings.Contains(r.stderr, want) {
					t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
				}
			}
		})
	}
}

// TestProxyNoneIgnoresTheEnvironment checks -proxy none goes direct, and
// -proxy URL goes through the proxy, whatever HTTP_PROXY says.
func TestProxyNoneIgnoresTheEnvironment(t *testing.T) {
	site := membersSite(t, 2)
	proxy := downloadtest.NewProxy(site.Dial)
	t.Cleanup(proxy.Close)
	jar := filepath.Join(t.TempDir(), "cookies.txt")
	if err := os.WriteFile(jar, []byte(site.CookiesTxt(downloadtest.MembersDomain)), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HTTP_PROXY", "http://127.0.0.1:1")
	t.Setenv("http_proxy", "http://127.0.0.1:1")
	for _, p := range []string{"none", proxy.URL()} {
		out := filepath.Join(t.TempDir(), "out")
		r := runGet(t.Context(), "", "-q", "-state", "off", "-proxy", p, "-cookies", jar, "-o", out, "-from-page", site.GalleryURL())
		if r.code != exitOK {
			t.Fatalf("-proxy %s: exit %d\n%s", p, r.code, r.stderr)
		}
		checkFiles(t, out, site.Pictures)
	}
	if got := proxy.Hosts(); got[downloadtest.MembersDomain] != 1 || got["img."+downloadtest.MembersDomain] != 2 {
		t.Errorf("the proxy forwarded %v, want the gallery once and two pictures", got)
	}
}

func TestNetworkFlagsRejectNonsense(t *testing.T) {
	for _, args := range [][]string{
		{"-proxy", "ftp://proxy.test", "http://x.test/a"},
		{"-cookies-from-browser", "netscape", "http://x.test/a"},
	} {
		if r := runGet(t.Context(), "", args...); r.code != exitUsage || !strings.Contains(r.stderr, args[0]) {
			t.Errorf("%v: exit %d\n%s", args, r.code, r.stderr)
		}
	}
	r := runGet(t.Context(), "", "-cookies", filepath.Join(t.TempDir(), "missing.txt"), "-state", "off", "http://x.test/a")
	if r.code != exitFailed || !strings.Contains(r.stderr, "missing.txt") {
		t.Errorf("missing cookies file: exit %d\n%s", r.code, r.stderr)
	}
}
