package settings

import (
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"

	"haul/downloader"
)

// testNetwork is the network settings of a window under the test driver,
// kept in path, with the engine they are handed to.
func testNetwork(t *testing.T, path string) (*Network, *downloader.Manager) {
	t.Helper()
	a := test.NewTempApp(t)
	w := a.NewWindow("")
	saved, err := LoadNetwork(path)
	if err != nil {
		t.Fatal(err)
	}
	m := downloader.New(downloader.Options{Dir: t.TempDir(), Proxy: saved.Proxy, Sites: saved.Sites})
	t.Cleanup(m.Stop)
	host := Host{Win: w, Do: func(f func()) { f() }, Engine: m,
		ShowDialog: func(d dialog.Dialog) { d.Show() }, Notice: func(msg string) { t.Errorf("notice: %s", msg) }}
	return NewNetwork(host, path, saved, nil), m
}

// TestSiteRulesApplyAndAreKeptPrivately fills in the site form, checks the
// engine gets the rule at once, that it is saved for the owner only, and
// that it comes back after a restart; a wrong form saves nothing.
func TestSiteRulesApplyAndAreKeptPrivately(t *testing.T) {
	path := filepath.Join(t.TempDir(), networkFileName)
	n, m := testNetwork(t, path)
	f := newSiteForm(downloader.SiteRule{})
	f.site.SetText("https://Gallery.test/members")
	f.refererRule.SetSelectedIndex(int(downloader.RefererFixed))
	f.referer.SetText("https://gallery.test/")
	f.agentRule.SetSelectedIndex(int(downloader.AgentBrowser))
	f.headers.SetText("x-token: abc\n\nAccept-Language: fr")
	f.perHost.SetSelected("2")
	n.saveSiteRule(-1, f, func() {})
	want := []downloader.SiteRule{{Site: "gallery.test", Referer: downloader.RefererFixed, FixedReferer: "https://gallery.test/",
		Agent: downloader.AgentBrowser, Header: http.Header{"X-Token": {"abc"}, "Accept-Language": {"fr"}}, PerHost: 2}}
	if got := m.Network().Sites(); !reflect.DeepEqual(got, want) {
		t.Fatalf("engine rules %+v, want %+v", got, want)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("network settings saved with mode %v, want 0600", fi.Mode().Perm())
	}

	bad := newSiteForm(want[0])
	bad.headers.SetText("not a header")
	if _, problem := bad.rule(); problem == "" {
		t.Error("a header line without a colon was accepted")
	}

	n.setProxy(downloader.ProxySettings{Mode: downloader.ProxyManual, URL: "ftp://proxy.test"})
	if n.Proxy().Mode != downloader.ProxySystem {
		t.Error("a proxy Haul cannot use was kept")
	}
	proxy := downloader.ProxySettings{Mode: downloader.ProxyManual, URL: "socks5://127.0.0.1:1080", User: "ann", Password: "pw"}
	n.setProxy(proxy)

	again, m2 := testNetwork(t, path)
	if got := m2.Network().Sites(); !reflect.DeepEqual(got, want) {
		t.Errorf("after a restart the rules are %+v", got)
	}
	if again.Proxy() != proxy {
		t.Errorf("after a restart the proxy is %+v", again.Proxy())
	}
}
