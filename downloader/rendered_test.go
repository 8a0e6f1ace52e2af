package downloader

import (
	"context"
	"net/url"
	"testing"
	"time"

	"haul/downloader/cookies"
	"haul/downloader/render"
	"haul/downloader/render/rendertest"
)

// TestRenderImagesCarriesCookiesAndSiteRules opens a members-only
// infinite-scroll gallery that serves its later pictures only with the
// session cookie and the right Referer: the Manager's jar and site rule
// must reach the browser.
func TestRenderImagesCarriesCookiesAndSiteRules(t *testing.T) {
	if _, ok := render.FindBrowser(); !ok {
		t.Skip("no Chrome, Chromium, Edge or Brave is installed, so rendered reading is not tested here (on Debian: apt-get install chromium)")
	}
	site := &rendertest.ScrollSite{Cookie: "member-7"}
	srv := site.Start(t)
	site.Referer = srv.URL + "/members/"
	host := mustHost(t, srv.URL)
	tests := []struct {
		name   string
		cookie bool
		want   int
	}{
		{"signed out", false, rendertest.BatchSize},
		{"signed in", true, rendertest.Pictures},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New(Options{Dir: t.TempDir(), Sites: []SiteRule{{Site: host, Referer: RefererFixed, FixedReferer: site.Referer}}})
			if tt.cookie {
				m.Network().AddCookies([]cookies.Cookie{{Host: host, HostOnly: true, Path: "/", Name: "session", Value: "member-7"}})
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			images, err := m.Network().RenderImages(ctx, srv.URL+"/gallery", render.Options{Settle: 400 * time.Millisecond})
			if err != nil {
				t.Fatalf("RenderImages: %v", err)
			}
			if len(images) != tt.want {
				t.Errorf("found %d pictures, want %d", len(images), tt.want)
			}
		})
	}
}

func mustHost(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Hostname()
}
