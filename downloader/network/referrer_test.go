package network

import (
	"net/url"
	"testing"
)

func TestRefererFor(t *testing.T) {
	tests := []struct{ name, source, target, want string }{
		{"same origin gets the whole address", "http://site/gallery?page=2", "http://site/img/a.jpg", "http://site/gallery?page=2"},
		{"never the user name and password", "http://user:pw@site/gallery?session=S", "http://site/a.jpg", "http://site/gallery?session=S"},
		{"never the fragment", "https://site/g#top", "https://site/a.jpg", "https://site/g"},
		{"another host gets the origin", "http://user:pw@site/gallery?session=S#x", "http://cdn/a.jpg", "http://site/"},
		{"another port is another origin", "http://site:8080/g?s=1", "http://site:9090/a.jpg", "http://site:8080/"},
		{"another scheme is another origin", "http://site/g?s=1", "https://site/a.jpg", "http://site/"},
		{"the scheme's own port written out", "https://site:443/g?s=1", "https://site/a.jpg", "https://site:443/g?s=1"},
		{"host names in any case", "http://SITE/g?s=1", "http://site/a.jpg", "http://SITE/g?s=1"},
		{"nothing from https to http, same host", "https://site/g?s=1", "http://site/a.jpg", ""},
		{"nothing from https to http, other host", "https://user:pw@site/g", "http://cdn/a.jpg", ""},
		{"https to https elsewhere: the origin", "https://site/g?s=1", "https://cdn/a.jpg", "https://site/"},
		{"not a web address", "file:///etc/passwd", "http://site/a.jpg", ""},
		{"not an address", "::", "http://site/a.jpg", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			target, err := url.Parse(tt.target)
			if err != nil {
				t.Fatal(err)
			}
			if got := refererFor(tt.source, target); got != tt.want {
				t.Errorf("refererFor(%q, %q) = %q, want %q", tt.source, tt.target, got, tt.want)
			}
		})
	}
}

func TestPlainReferer(t *testing.T) {
	tests := []struct{ ref, want string }{
		{"https://example.com/page?q=1", "https://example.com/page?q=1"},
		{"https://user:pw@example.com/page#frag", "https://example.com/page"},
	}
	for _, tt := range tests {
		if got := plainReferer(tt.ref); got != tt.want {
			t.Errorf("plainReferer(%q) = %q, want %q", tt.ref, got, tt.want)
		}
	}
}

func TestHeadersGoTo(t *testing.T) {
	tests := []struct {
		given, target string
		want          bool
	}{
		{"http://site/gallery", "http://site/img/a.jpg", true},
		{"http://site/gallery", "http://SITE:80/a.jpg", true},
		{"http://site/gallery", "http://cdn/a.jpg", false},
		{"http://site/gallery", "http://img.site/a.jpg", false},
		{"http://site:8080/gallery", "http://site:9090/a.jpg", false},
		{"https://site/gallery", "http://site/a.jpg", false},
		{"http://site/gallery", "https://site/a.jpg", true},
		{"http://site:8080/gallery", "https://site:8443/a.jpg", false},
		{"https://site/gallery", "https://site:443/a.jpg", true},
	}
	for _, tt := range tests {
		given, _ := url.Parse(tt.given)
		target, _ := url.Parse(tt.target)
		if got := headersGoTo(given, target); got != tt.want {
			t.Errorf("headersGoTo(%q, %q) = %v, want %v", tt.given, tt.target, got, tt.want)
		}
	}
}
