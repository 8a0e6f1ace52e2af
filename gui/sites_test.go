package gui

import (
	"net/http"
	"os"
	"reflect"
	"testing"

	"haul/downloader"
)

// TestSiteRulesApplyAndAreKeptPrivately fills in the site form, checks the
// engine gets the rule at once, that it is saved for the owner only, and
// that it comes back after a restart; a wrong form saves nothing.
func TestSiteRulesApplyAndAreKeptPrivately(t *testing.T) {
	h := newHarness(t, nil)
	f := newSiteForm(downloader.SiteRule{})
	f.site.SetText("https://Gallery.test/members")
	f.refererRule.SetSelectedIndex(int(downloader.RefererFixed))
	f.referer.SetText("https://gallery.test/")
	f.agentRule.SetSelectedIndex(int(downloader.AgentBrowser))
	f.headers.SetText("x-token: abc\n\nAccept-Language: fr")
	f.perHost.SetSelected("2")
	h.ui.saveSiteRule(-1, f, func() {})
	want := []downloader.SiteRule{{Site: "gallery.test", Referer: downloader.RefererFixed, FixedReferer: "https://gallery.test/",
		Agent: downloader.AgentBrowser, Header: http.Header{"X-Token": {"abc"}, "Accept-Language": {"fr"}}, PerHost: 2}}
	if got := h.ui.m.Sites(); !reflect.DeepEqual(got, want) {
		t.Fatalf("engine rules %+v, want %+v", got, want)
	}
	fi, err := os.Stat(networkPath(h.app))
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

	h.ui.setProxy(downloader.ProxySettings{Mode: downloader.ProxyManual, URL: "ftp://proxy.test"})
	if h.ui.network.Proxy.Mode != downloader.ProxySystem {
		t.Error("a proxy Haul cannot use was kept")
	}
	proxy := downloader.ProxySettings{Mode: downloader.ProxyManual, URL: "socks5://127.0.0.1:1080", User: "ann", Password: "pw"}
	h.ui.setProxy(proxy)

	h.reopen()
	if got := h.ui.m.Sites(); !reflect.DeepEqual(got, want) {
		t.Errorf("after a restart the rules are %+v", got)
	}
	if h.ui.network.Proxy != proxy {
		t.Errorf("after a restart the proxy is %+v", h.ui.network.Proxy)
	}
}
