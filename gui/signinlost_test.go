package gui

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"haul/browser"
	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/instance"
)

// membersFromTheBrowser is what the extension sends for the members-only
// gallery: its pictures, with the cookies the signed-in browser sends
// with them.
func membersFromTheBrowser(site *downloadtest.Members) browser.Message {
	msg := browser.Message{Type: browser.TypePictures, Page: browser.Page{URL: site.GalleryURL(), Title: "Members"}}
	for name := range site.Pictures {
		msg.Links = append(msg.Links, site.URL("img."+downloadtest.MembersDomain, "/full/"+name))
	}
	slices.Sort(msg.Links)
	for _, c := range []struct{ name, value string }{{downloadtest.SessionCookie, site.Session}, {downloadtest.PassCookie, passOf(site)}} {
		msg.Cookies = append(msg.Cookies, browser.Cookie{Domain: "." + downloadtest.MembersDomain, Path: "/", Name: c.name, Value: c.value})
	}
	return msg
}

// passOf is the gallery's pass cookie, read from the site's cookies.txt.
func passOf(site *downloadtest.Members) string {
	for _, line := range strings.Split(site.BrowserCookiesTxt(), "\n") {
		if f := strings.Split(line, "\t"); len(f) == 7 && f[5] == downloadtest.PassCookie {
			return f[6]
		}
	}
	return ""
}

// receive hands the window what the extension sent and waits for its reply.
func (h *harness) receive(msg browser.Message) {
	h.t.Helper()
	replied := make(chan instance.Reply, 1)
	go func() { replied <- h.ui.Receive(instance.Request{Browser: &msg}) }()
	h.pump("the window to take what the browser sent", func() bool { return len(replied) == 1 })
}

// TestBrowserSignInLostAtRestartSaysSoAtOnce saves a members-only gallery
// sent from the browser, quits mid-batch and starts again: within 10 s of
// Start every picture left fails saying the sign-in was lost and what to
// do, with the sign-in button; signing in again, by the button or by
// sending the page again from the browser, saves every one.
func TestBrowserSignInLostAtRestartSaysSoAtOnce(t *testing.T) {
	tests := []struct {
		name   string
		signIn func(h *harness, site *downloadtest.Members, link string)
	}{
		{"Use cookies from my browser…", func(h *harness, site *downloadtest.Members, link string) {
			jar := filepath.Join(t.TempDir(), "cookies.txt")
			if err := os.WriteFile(jar, []byte(site.BrowserCookiesTxt()), 0o600); err != nil {
				t.Fatal(err)
			}
			test.Tap(h.row(link).signIn)
			test.Tap(h.dialogButton("A cookies.txt file"))
			h.ui.chooser.path.SetText(jar)
			h.ui.chooser.path.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		}},
		{"the page sent again from the browser", func(h *harness, site *downloadtest.Members, _ string) {
			h.receive(membersFromTheBrowser(site))
			if got := h.ui.intake.label.Text; !strings.Contains(got, "tried again with the browser's sign-in") {
				t.Errorf("intake line = %q, want it to say the failed downloads are tried again", got)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site := downloadtest.NewMembers(6)
			site.Forbid()
			t.Cleanup(site.Close)
			h := newHarness(t, map[string]int{prefConcurrency: 1, prefPerHostRate: 3})
			before := h.cfg.options
			h.cfg.options = func(o *downloader.Options) {
				before(o)
				o.DialContext = site.Dial
			}
			h.reopen()

			msg := membersFromTheBrowser(site)
			h.receive(msg)
			h.pump("the picker", func() bool { return h.ui.pickers.Showing() })
			test.Tap(h.dialogButton("Add "))
			h.waitRows(len(msg.Links))
			release := site.HoldPictures(path.Base(msg.Links[0])) // the quit comes mid-batch
			h.ui.batch.Start()
			h.pump("a picture saved", func() bool { return h.ui.m.Summary().Done >= 1 })
			h.reopen() // quit mid-batch, and start Haul again
			saved := h.ui.m.Summary().Done
			if saved != 1 {
				t.Fatalf("%d pictures saved before the quit, want the first, the one the site let through", saved)
			}
			release()

			start := time.Now()
			h.ui.batch.Start()
			left := len(msg.Links) - saved
			h.waitTotals(fmt.Sprintf("%d saved · 0 skipped · %d failed · 0 left", saved, left))
			t.Logf("%d saved before the quit; the %d left said what to do %v after Start", saved, left, time.Since(start))
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("the rows left took %v to say what to do", took)
			}
			var failed string
			for _, link := range msg.Links {
				v, _ := h.view(link)
				if v.State != downloader.Failed {
					continue
				}
				failed = link
				if !strings.HasPrefix(v.Status, "Sign-in lost when Haul closed") || !strings.Contains(v.Status, "send the page again") || !v.SignIn {
					t.Errorf("%s says %q (sign-in offered: %v)", link, v.Status, v.SignIn)
				}
			}
			if r := h.row(failed); !r.signIn.Visible() || r.signIn.Disabled() {
				t.Error("the failed row shows no sign-in button")
			}
			if !slices.ContainsFunc(h.row(failed).menu().Items, func(it *fyne.MenuItem) bool {
				return it.Label == "Use cookies from my browser…" && !it.Disabled
			}) {
				t.Error("the row's menu offers no sign-in")
			}

			tc.signIn(h, site, failed)
			h.waitTotals(fmt.Sprintf("%d saved · 0 skipped · 0 failed · 0 left", len(msg.Links)))
			saved2 := h.readSaved()
			for name, body := range site.Pictures {
				if saved2[name] != string(body) {
					t.Errorf("%s not saved whole", name)
				}
			}
		})
	}
}
