package browser

import "testing"

func TestCookieGoesOnlyToItsOwnHosts(t *testing.T) {
	tests := []struct {
		name   string
		cookie Cookie
		host   string
		want   bool
	}{
		{"its own host", Cookie{Domain: "example.com", HostOnly: true}, "example.com", true},
		{"host only, not a subdomain", Cookie{Domain: "example.com", HostOnly: true}, "img.example.com", false},
		{"domain to a subdomain", Cookie{Domain: ".example.com"}, "img.example.com", true},
		{"domain, letters of another case", Cookie{Domain: ".Example.COM"}, "img.example.com", true},
		{"another site", Cookie{Domain: ".example.com"}, "example.org", false},
		{"a site ending alike", Cookie{Domain: ".example.com"}, "badexample.com", false},
		{"a public suffix", Cookie{Domain: ".com"}, "example.com", false},
		{"a public suffix of two labels", Cookie{Domain: ".co.uk"}, "shop.co.uk", false},
		{"a site under a public suffix", Cookie{Domain: ".shop.co.uk"}, "img.shop.co.uk", true},
		{"part of an IP address", Cookie{Domain: "0.0.1"}, "127.0.0.1", false},
		{"an IP address's own", Cookie{Domain: "127.0.0.1", HostOnly: true}, "127.0.0.1", true},
		{"no domain", Cookie{}, "example.com", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.cookie.goesTo(tt.host); got != tt.want {
				t.Errorf("cookie of %q (host only %v) goes to %s = %v, want %v", tt.cookie.Domain, tt.cookie.HostOnly, tt.host, got, tt.want)
			}
		})
	}
}
