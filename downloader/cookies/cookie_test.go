package cookies

import (
	"net/url"
	"testing"
	"time"
)

// TestAddToKeepsCookiesToTheirDomains loads cookies into a jar and checks
// which addresses each one is sent to.
func TestAddToKeepsCookiesToTheirDomains(t *testing.T) {
	now := time.Now()
	cs := []Cookie{
		{Host: "gallery.test", Path: "/", Name: "domain", Value: "1"},
		{Host: "gallery.test", HostOnly: true, Path: "/", Name: "hostonly", Value: "2"},
		{Host: "gallery.test", Path: "/", Secure: true, Name: "secure", Value: "3"},
		{Host: "gallery.test", Path: "/", Name: "expired", Value: "4", Expires: now.Add(-time.Hour)},
		{Host: "other.test", Path: "/", Name: "other", Value: "5"},
		{Host: "gallery.test", Path: "/members", Name: "pathed", Value: "6"},
	}
	jar := NewJar()
	if n := AddTo(jar, cs, now); n != 5 {
		t.Errorf("added %d cookies, want 5 (the expired one left out)", n)
	}
	tests := []struct {
		url  string
		want []string
	}{
		{"http://gallery.test/a.jpg", []string{"domain", "hostonly"}},
		{"https://gallery.test/a.jpg", []string{"domain", "hostonly", "secure"}},
		{"http://img.gallery.test/a.jpg", []string{"domain"}},
		{"http://gallery.test/members/a.jpg", []string{"pathed", "domain", "hostonly"}},
		{"http://other.test/", []string{"other"}},
		{"http://elsewhere.test/", nil},
	}
	for _, tt := range tests {
		u, _ := url.Parse(tt.url)
		var got []string
		for _, c := range jar.Cookies(u) {
			got = append(got, c.Name)
		}
		if !sameSet(got, tt.want) {
			t.Errorf("%s gets %v, want %v", tt.url, got, tt.want)
		}
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]bool{}
	for _, s := range a {
		seen[s] = true
	}
	for _, s := range b {
		if !seen[s] {
			return false
		}
	}
	return true
}

func TestParseSource(t *testing.T) {
	tests := []struct {
		spec    string
		want    Source
		wantErr bool
	}{
		{"firefox", Source{Browser: "firefox"}, false},
		{"Chrome:Profile 1", Source{Browser: "chrome", Profile: "Profile 1"}, false},
		{"brave:Default", Source{Browser: "brave", Profile: "Default"}, false},
		{"netscape", Source{}, true},
	}
	for _, tt := range tests {
		got, err := ParseSource(tt.spec)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseSource(%q) = %+v, %v", tt.spec, got, err)
		}
	}
}
