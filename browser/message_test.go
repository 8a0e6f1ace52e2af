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

func TestOnlyTheCookiesABrowserWouldSendAreKept(t *testing.T) {
	const page = "https://www.shop.example/gallery"
	cookie := func(domain, sameSite string, secure bool) Cookie {
		return Cookie{Domain: domain, Path: "/", Name: "c", Value: "v", Secure: secure, HTTPOnly: true, SameSite: sameSite}
	}
	tests := []struct {
		name   string
		page   string
		cookie Cookie
		link   string
		named  bool
		want   bool
	}{
		{"same site, strict", page, cookie(".shop.example", "strict", true), "https://img.shop.example/a.jpg", false, true},
		{"same site, lax, a link named", page, cookie(".shop.example", "lax", false), "https://img.shop.example/a.jpg", true, true},
		{"same site, unspecified", page, cookie("img.shop.example", "unspecified", false), "https://img.shop.example/a.jpg", false, true},
		{"same host, other scheme", page, cookie("www.shop.example", "lax", false), "http://www.shop.example/a.jpg", false, false},
		{"secure cookie over http", "http://www.shop.example/", cookie(".shop.example", "strict", true), "http://img.shop.example/a.jpg", false, false},
		{"another site, strict", page, cookie(".bank.example", "strict", true), "https://bank.example/a.png", false, false},
		{"another site, lax", page, cookie(".bank.example", "lax", true), "https://bank.example/a.png", false, false},
		{"another site, no SameSite given", page, cookie(".bank.example", "", true), "https://bank.example/a.png", false, false},
		{"another site, unspecified", page, cookie(".bank.example", "unspecified", true), "https://bank.example/a.png", false, false},
		{"another site, none, shown", page, cookie(".cdn.example", "no_restriction", true), "https://cdn.example/a.png", false, true},
		{"another site, none, only named", page, cookie(".cdn.example", "no_restriction", true), "https://cdn.example/a.png", true, false},
		{"another site, none, not secure", page, cookie(".cdn.example", "no_restriction", false), "https://cdn.example/a.png", false, false},
		{"another site under a public suffix", "https://alice.github.io/", cookie("bob.github.io", "lax", true), "https://bob.github.io/a.png", false, false},
		{"another loopback address", "http://127.0.0.1:8080/", cookie("127.0.0.2", "lax", false), "http://127.0.0.2:9090/a.png", false, false},
		{"the same loopback address, another port", "http://127.0.0.1:8080/", cookie("127.0.0.1", "strict", false), "http://127.0.0.1:9090/a.png", false, true},
		{"no page", "", cookie(".shop.example", "strict", true), "https://img.shop.example/a.jpg", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var named []string
			if tt.named {
				named = []string{tt.link}
			}
			got := len(cookiesOfLinks([]Cookie{tt.cookie}, tt.page, []string{tt.link}, named)) == 1
			if got != tt.want {
				t.Errorf("cookie %+v sent with %s from %q (named %v) = %v, want %v", tt.cookie, tt.link, tt.page, tt.named, got, tt.want)
			}
		})
	}
}
