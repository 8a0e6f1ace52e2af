package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"fyne.io/fyne/v2/test"

	"haul/downloader"
	"haul/downloader/cookies"
	"haul/downloader/downloadtest"
	"haul/gui/settings"
)

// TestSignInWithCookiesRetriesTheMembersGallery pastes the gallery of a
// members-only site: it fails with a sign-in reason and its row offers the
// browser's cookies; once a cookies.txt is chosen, the gallery is read
// again and every full-size picture is saved.
func TestSignInWithCookiesRetriesTheMembersGallery(t *testing.T) {
	site := downloadtest.NewMembers(3)
	t.Cleanup(site.Close)
	h := newHarness(t, nil)
	before := h.cfg.options
	h.cfg.options = func(o *downloader.Options) {
		before(o)
		o.DialContext = site.Dial
	}
	h.reopen()

	gallery := site.GalleryURL()
	h.paste(gallery)
	h.ui.batch.Start()
	h.waitState(gallery, downloader.Failed)
	if v, _ := h.view(gallery); !v.SignIn {
		t.Fatalf("the failed gallery row does not offer signing in: %+v", v)
	}
	if r := h.row(gallery); r == nil || !r.signIn.Visible() {
		t.Fatal("no sign-in button on the gallery row")
	}
	if len(h.readSaved()) != 0 {
		t.Fatal("something was saved without a sign-in")
	}

	jar := filepath.Join(t.TempDir(), "cookies.txt")
	if err := os.WriteFile(jar, []byte(site.CookiesTxt(downloadtest.MembersDomain)), 0o600); err != nil {
		t.Fatal(err)
	}
	h.ui.useCookies(settings.CookiesFilePrefix+jar, gallery)
	h.pump("the picker for the gallery", func() bool { return h.ui.pickers.Showing() })
	h.pump("every thumbnail", func() bool {
		for name := range site.Pictures {
			if _, ok := h.ui.thumbs.Cached(site.URL("img."+downloadtest.MembersDomain, "/full/"+name)); !ok {
				return false
			}
		}
		return true
	})
	test.Tap(h.dialogButton("Add "))
	h.waitTotals("3 saved · 1 skipped · 0 failed · 0 left")
	saved := h.readSaved()
	for name, body := range site.Pictures {
		if saved[name] != string(body) {
			t.Errorf("%s not saved whole", name)
		}
	}
	for name := range site.Pictures {
		if n := site.Hits("/full/" + name); n != 1 {
			t.Errorf("%s was fetched %d times: the picker's copy was not reused", name, n)
		}
	}
	if r := site.Refusals(); r["foreign-cookie"] != 0 || r["referer"] != 0 || r["no-pass"] != 0 {
		t.Errorf("the site refused requests: %v", r)
	}
}

// TestSignInRevivesPicturesPastedWithTheirPage pastes a members-only
// gallery together with its pictures: all fail at once for want of a
// sign-in, whether the site sends its sign-in page or forbids them with
// 403, and every row offers the sign-in. The sign-in button, "A
// cookies.txt file…" and the file chosen (or Retry failed, once the
// cookies are in) read the gallery again, and the failed pictures go
// again with it as Referer and the new cookies: every one is saved, with
// no picker to go through.
func TestSignInRevivesPicturesPastedWithTheirPage(t *testing.T) {
	tests := []struct {
		name        string
		forbid      bool
		retryFailed bool
	}{
		{"sign-in page", false, false},
		{"403", true, false},
		{"403, Retry failed after signing in", true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site := downloadtest.NewMembers(6)
			if tc.forbid {
				site.Forbid()
			}
			t.Cleanup(site.Close)
			h := newHarness(t, nil)
			before := h.cfg.options
			h.cfg.options = func(o *downloader.Options) {
				before(o)
				o.DialContext = site.Dial
			}
			h.reopen()

			gallery := site.GalleryURL()
			text := gallery + "\n"
			var pictures []string
			for name := range site.Pictures {
				pictures = append(pictures, site.URL("img."+downloadtest.MembersDomain, "/full/"+name))
			}
			h.paste(text + strings.Join(pictures, "\n"))
			h.ui.batch.Start()
			h.pumpFor(10*time.Second, "every row failed", func() bool {
				return strings.HasPrefix(h.ui.totals.label.Text, "0 saved · 0 skipped · 7 failed · 0 left")
			})
			for _, link := range append(pictures, gallery) {
				if v, _ := h.view(link); !v.SignIn {
					t.Errorf("%s offers no sign-in: %q", link, v.Status)
				}
			}

			if tc.retryFailed {
				cs, err := cookies.ReadNetscape(strings.NewReader(site.CookiesTxt(downloadtest.MembersDomain)))
				if err != nil {
					t.Fatal(err)
				}
				h.ui.m.Network().AddCookies(cs)
				h.ui.batch.RetryFailed()
			} else {
				jar := filepath.Join(t.TempDir(), "cookies.txt")
				if err := os.WriteFile(jar, []byte(site.CookiesTxt(downloadtest.MembersDomain)), 0o600); err != nil {
					t.Fatal(err)
				}
				test.Tap(h.row(pictures[0]).signIn)
				test.Tap(h.dialogButton("A cookies.txt file"))
				c := h.ui.chooser
				if c == nil {
					t.Fatal("no chooser for the cookies.txt file")
				}
				c.path.SetText(jar)
				c.path.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			}
			h.waitTotals("6 saved · 1 skipped · 0 failed · 0 left")
			if h.ui.pickers.Showing() {
				t.Error("the picker opened for pictures that are all in the list")
			}
			saved := h.readSaved()
			for name, body := range site.Pictures {
				if saved[name] != string(body) {
					t.Errorf("%s not saved whole", name)
				}
			}
		})
	}
}
