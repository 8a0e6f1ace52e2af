package downloader

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path"
	"sync"
	"testing"

	"haul/downloader/cookies"
	"haul/downloader/downloadtest"
)

// cookieSite serves a picture at every path and remembers the session
// cookie each request for it carried.
type cookieSite struct {
	srv  *httptest.Server
	mu   sync.Mutex
	sent map[string]string // picture name → the session cookie's value
}

// newCookieSite starts a cookieSite on the loopback address ip.
func newCookieSite(t *testing.T, ip string) *cookieSite {
	t.Helper()
	s := &cookieSite{sent: map[string]string{}}
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Skipf("cannot listen on %s: %v", ip, err)
	}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := path.Base(r.URL.Path)
		value := ""
		if c, err := r.Cookie("session"); err == nil {
			value = c.Value
		}
		s.mu.Lock()
		s.sent[name] = value
		s.mu.Unlock()
		w.Header().Set("Content-Type", "image/jpeg")
		w.Write(downloadtest.PictureNamed(name, 2000, int64(len(name))*31+int64(name[0])))
	}))
	s.srv.Listener.Close()
	s.srv.Listener = ln
	s.srv.Start()
	t.Cleanup(s.srv.Close)
	return s
}

// cookieOf is the session cookie the request for name carried.
func (s *cookieSite) cookieOf(name string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.sent[name]
	return v, ok
}

// TestPageCookiesGoOnlyWithRequestsFromTheirPagesSite hands the engine a
// bank's cookies with the bank's own page, then has another site's page,
// a link with no page and the app's own fetch from that other page ask
// for the bank's pictures: only the requests made from the bank's page
// carry its session.
func TestPageCookiesGoOnlyWithRequestsFromTheirPagesSite(t *testing.T) {
	bank := newCookieSite(t, "127.0.0.2")
	other := newCookieSite(t, "127.0.0.1")
	m := New(testOptions(t.TempDir()))
	bankPage := bank.srv.URL + "/statements"
	hostilePage := other.srv.URL + "/innocent"
	kept := m.Network().AddPageCookies(bankPage, []cookies.Cookie{{Host: "127.0.0.2", HostOnly: true, Path: "/", HTTPOnly: true, Name: "session", Value: "bank-secret"}})
	if kept != 1 {
		t.Fatalf("kept %d cookies, want 1", kept)
	}
	if _, rejected := m.Intake().AddFromPage(bankPage, bank.srv.URL+"/own.jpg"); len(rejected) > 0 {
		t.Fatal(rejected)
	}
	if _, rejected := m.Intake().AddFromPage(hostilePage, bank.srv.URL+"/named.jpg", other.srv.URL+"/theirs.jpg"); len(rejected) > 0 {
		t.Fatal(rejected)
	}
	addAll(t, m, bank.srv.URL+"/nopage.jpg")
	if s := runAll(t, m); s.Done != 4 {
		t.Fatalf("summary %+v, want 4 saved", s)
	}
	resp, err := m.Network().Fetch(context.Background(), bank.srv.URL+"/fetched.jpg", hostilePage)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()

	tests := []struct {
		site *cookieSite
		name string
		want string
	}{
		{bank, "own.jpg", "bank-secret"},
		{bank, "named.jpg", ""},
		{bank, "nopage.jpg", ""},
		{bank, "fetched.jpg", ""},
		{other, "theirs.jpg", ""},
	}
	for _, tt := range tests {
		got, asked := tt.site.cookieOf(tt.name)
		if !asked || got != tt.want {
			t.Errorf("%s: asked %v with session %q, want %q", tt.name, asked, got, tt.want)
		}
	}
}
