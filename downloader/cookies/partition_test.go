package cookies

import (
	"net/http"
	"net/url"
	"testing"
	"time"
)

func TestSiteOf(t *testing.T) {
	tests := []struct{ address, want string }{
		{"https://img.example.co.uk/a.jpg", "https://example.co.uk"},
		{"http://IMG.Example.com:8080/a.jpg", "http://example.com"},
		{"https://alice.github.io/", "https://alice.github.io"},
		{"http://127.0.0.2:9090/x", "http://127.0.0.2"},
		{"http://[::1]:80/x", "http://::1"},
		{"http://localhost:8080/", "http://localhost"},
		{"not a link", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := SiteOf(tt.address); got != tt.want {
			t.Errorf("SiteOf(%q) = %q, want %q", tt.address, got, tt.want)
		}
	}
}

func TestPartitionsKeepEachPagesCookiesToItsSite(t *testing.T) {
	var p Partitions
	now := time.Now()
	if n := p.Add("https://www.bank.example/statements", []Cookie{{Host: "bank.example", Path: "/", Name: "session", Value: "s"}}, now); n != 1 {
		t.Fatalf("kept %d, want 1", n)
	}
	if n := p.Add("", []Cookie{{Host: "bank.example", Path: "/", Name: "lost", Value: "x"}}, now); n != 0 {
		t.Errorf("kept %d cookies of no page, want 0", n)
	}
	img, _ := url.Parse("https://img.bank.example/a.png")
	if p.Site("https://evil.example/") != nil {
		t.Error("another site's page has a partition")
	}
	own := p.Site("https://login.bank.example/other")
	if own == nil {
		t.Fatal("the bank's pages share no partition")
	}
	base := NewJar()
	AddTo(base, []Cookie{{Host: "bank.example", Path: "/", Name: "session", Value: "user's"}, {Host: "bank.example", Path: "/", Name: "theme", Value: "dark"}}, now)
	jar := Layered(own, base)
	got := map[string]string{}
	for _, c := range jar.Cookies(img) {
		got[c.Name] = c.Value
	}
	if len(got) != 2 || got["session"] != "s" || got["theme"] != "dark" {
		t.Errorf("layered cookies = %v, want the page's session and the user's theme", got)
	}
	jar.SetCookies(img, []*http.Cookie{{Name: "set", Value: "1", Path: "/"}})
	if len(base.Cookies(img)) != 2 {
		t.Error("a cookie an answer set reached the user's jar")
	}
}
