//go:build browsere2e

package e2e

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path"
	"strings"
	"sync"
	"testing"
	"time"
)

// bankCookies are the bank's session cookies: one of each SameSite, all
// HttpOnly, as a careful site sets them.
var bankCookies = []*http.Cookie{
	{Name: "bank_strict", Value: "strict-session", Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode},
	{Name: "bank_lax", Value: "lax-session", Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode},
	{Name: "bank_unset", Value: "unset-session", Path: "/", HttpOnly: true},
}

// bankRequest is one request for a bank's picture: who made it and the
// bank's cookies it carried.
type bankRequest struct {
	haul    bool
	picture string
	cookies []string
}

// bank is a site the user is signed in to, on another loopback address
// than the pages that name its pictures: its pictures are the user's
// alone, and it remembers every request for them.
type bank struct {
	srv      *httptest.Server
	mu       sync.Mutex
	requests []bankRequest
}

func newBank(t *testing.T) *bank {
	b := &bank{}
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatalf("the bank cannot listen on another loopback address: %v", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/login", func(w http.ResponseWriter, r *http.Request) {
		for _, c := range bankCookies {
			http.SetCookie(w, c)
		}
		http.Redirect(w, r, "/account", http.StatusFound)
	})
	mux.HandleFunc("/account", func(w http.ResponseWriter, r *http.Request) {
		if len(b.cookiesOf(r)) != len(bankCookies) {
			http.Error(w, "sign in first", http.StatusForbidden)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>Your account</title><h1>Statements</h1><img src="/pic/statement.png">`)
	})
	mux.HandleFunc("/pic/", func(w http.ResponseWriter, r *http.Request) {
		name := path.Base(r.URL.Path)
		sent := b.cookiesOf(r)
		b.mu.Lock()
		b.requests = append(b.requests, bankRequest{haul: r.Header.Get("Accept-Encoding") == "identity", picture: name, cookies: sent})
		b.mu.Unlock()
		if len(sent) == 0 && name != "shown.png" { // the bank shows that one to anyone
			http.Error(w, "sign in first", http.StatusForbidden)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Write(picture(name))
	})
	b.srv = httptest.NewUnstartedServer(mux)
	b.srv.Listener.Close()
	b.srv.Listener = ln
	b.srv.Start()
	t.Cleanup(b.srv.Close)
	return b
}

// cookiesOf names the bank's cookies r carried.
func (b *bank) cookiesOf(r *http.Request) []string {
	var names []string
	for _, c := range r.Cookies() {
		if strings.HasPrefix(c.Name, "bank_") {
			names = append(names, c.Name)
		}
	}
	return names
}

// asked are the requests for picture, by Haul or by the browser.
func (b *bank) asked(picture string, haul bool) []bankRequest {
	b.mu.Lock()
	defer b.mu.Unlock()
	var rs []bankRequest
	for _, r := range b.requests {
		if r.picture == picture && r.haul == haul {
			rs = append(rs, r)
		}
	}
	return rs
}

// waitAsked waits until Haul has asked the bank for every picture named.
func (b *bank) waitAsked(t *testing.T, pictures ...string) {
	deadline := time.Now().Add(60 * time.Second)
	for {
		missing := []string{}
		for _, p := range pictures {
			if len(b.asked(p, true)) == 0 {
				missing = append(missing, p)
			}
		}
		if len(missing) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("Haul never asked the bank for %v", missing)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// hostilePage is a page on another site that shows one of the bank's
// pictures as a wallpaper (one the bank shows to anyone), names its "private" picture in a hidden link,
// and shows its "transfer" picture invisibly, beside a picture of its own.
func hostilePage(b *bank) string {
	return `<!doctype html><title>Free wallpapers</title><h1>Wallpapers</h1>
<img src="/own.png">
<img src="` + b.srv.URL + `/pic/shown.png">
<img src="` + b.srv.URL + `/pic/transfer.png" width="1" height="1" style="opacity:0;position:absolute">
<a href="` + b.srv.URL + `/pic/private.png" style="display:none">x</a>`
}

// TestAPageCannotLendAnotherSitesSignIn signs in to a bank in Chromium and
// saves the bank's own page with the extension, which must carry the
// bank's cookies; then a page on another site, which shows one of the
// bank's pictures, names another in a hidden link and shows a third
// invisibly, is saved the same way: Chromium itself sends the bank no
// cookie for it, and Haul must send none either, neither from what the
// extension hands over nor from what it kept of the bank's own page. The
// invisible picture, which no reader sees, Haul does not even ask for.
func TestAPageCannotLendAnotherSitesSignIn(t *testing.T) {
	s := newSession(t)
	b := newBank(t)
	hostile := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/own.png" {
			w.Header().Set("Content-Type", "image/png")
			w.Write(picture("own.png"))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, hostilePage(b))
	}))
	t.Cleanup(hostile.Close)

	if title := s.open(t, b.srv.URL+"/login"); title != "Your account" {
		t.Fatalf("the browser is on %q, not signed in to the bank", title)
	}
	if reply := s.saveAll(t, "/account"); !reply.OK || reply.Added != 1 {
		t.Fatalf("Save all pictures on the bank's own page: Haul answered %+v, want 1 added", reply)
	}
	waitSaved(t, s.saved(), map[string][]byte{"statement.png": picture("statement.png")})
	for _, r := range b.asked("statement.png", true) {
		if len(r.cookies) != len(bankCookies) {
			t.Errorf("Haul asked for the bank's own picture from its own page with cookies %v, want all %d", r.cookies, len(bankCookies))
		}
	}

	if title := s.open(t, hostile.URL+"/wallpapers"); title != "Free wallpapers" {
		t.Fatalf("the browser is on %q, not the other site's page", title)
	}
	// What Chromium itself sends the bank from the other site's page, for
	// the picture shown where a reader sees it and for the invisible one,
	// is what Haul may send at most: none of the bank's cookies, all of
	// them Strict or Lax.
	for _, p := range []string{"shown.png", "transfer.png"} {
		browserAsked := b.asked(p, false)
		if len(browserAsked) == 0 {
			t.Fatalf("Chromium never loaded %s", p)
		}
		for _, r := range browserAsked {
			if len(r.cookies) > 0 {
				t.Fatalf("Chromium itself sent the bank %v for %s from another site's page: the test's premise is wrong", r.cookies, p)
			}
		}
	}
	reply := s.saveAll(t, "/wallpapers")
	if !reply.OK || reply.Added != 3 {
		t.Fatalf("Save all pictures on the other site's page: Haul answered %+v, want 3 added", reply)
	}
	waitSaved(t, s.saved(), map[string][]byte{"own.png": picture("own.png")})
	b.waitAsked(t, "shown.png", "private.png")
	for _, p := range []string{"shown.png", "private.png", "transfer.png"} {
		for _, r := range b.asked(p, true) {
			if len(r.cookies) > 0 {
				t.Errorf("Haul asked the bank for %s with its cookies %v, handed over by another site's page", p, r.cookies)
			}
		}
	}
	if asked := b.asked("transfer.png", true); len(asked) > 0 {
		t.Errorf("Haul asked the bank for the picture the page shows invisibly: %+v", asked)
	}
}
