package browser

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestEachTabKeepsOnlyItsOwnCookies parses a message of three tabs: a
// bank's own page, a page of another site that shows one of the bank's
// pictures, and a shop's page. Each page keeps only the cookies a browser
// would send with its own links from it: the bank's page its cookie, the
// other site's page none of the bank's.
func TestEachTabKeepsOnlyItsOwnCookies(t *testing.T) {
	bank := Cookie{Domain: ".bank.example", Path: "/", Name: "session", Value: "s3cret", Secure: true, HTTPOnly: true, SameSite: "lax"}
	shop := Cookie{Domain: "www.shop.example", HostOnly: true, Path: "/", Name: "cart", Value: "42", Secure: true, SameSite: "strict"}
	raw := Message{Type: TypePictures, Page: Page{URL: "https://www.bank.example/account"}, Links: []string{"https://img.bank.example/statement.png"},
		Cookies: []Cookie{bank, shop},
		Tabs: []Tab{
			{Page: Page{URL: "https://wallpapers.example/free"}, Links: []string{"https://img.bank.example/transfer.png", "https://wallpapers.example/own.png"}},
			{Page: Page{URL: "https://www.shop.example/item"}, Links: []string{"https://www.shop.example/p/1.jpg"}},
		}}
	body, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(body)
	if err != nil {
		t.Fatal(err)
	}
	pages := m.Pages()
	want := [][]string{{"session"}, nil, {"cart"}}
	for i, p := range pages {
		var names []string
		for _, c := range p.Cookies {
			names = append(names, c.Name)
		}
		if strings.Join(names, ",") != strings.Join(want[i], ",") {
			t.Errorf("page %s keeps cookies %v, want %v", p.Page.URL, names, want[i])
		}
	}
}

// TestTabsAreCheckedLikeTheFirstPage refuses a message whose other tabs
// break the rules the first page is held to.
func TestTabsAreCheckedLikeTheFirstPage(t *testing.T) {
	ok := Tab{Page: Page{URL: "https://a.example/"}, Links: []string{"https://a.example/1.jpg"}}
	many := make([]Tab, MaxTabs)
	for i := range many {
		many[i] = ok
	}
	tests := []struct {
		name string
		tabs []Tab
		kind RefusalKind
	}{
		{"a tab without links", []Tab{{Page: Page{URL: "https://a.example/"}}}, NoLinks},
		{"a tab linking to a file", []Tab{{Page: Page{URL: "https://a.example/"}, Links: []string{"file:///etc/passwd"}}}, NotWebLink},
		{"a tab on a page that is no web page", []Tab{{Page: Page{URL: "javascript:alert(1)"}, Links: []string{"https://a.example/1.jpg"}}}, NotWebLink},
		{"too many tabs", many, TooMany},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, _ := json.Marshal(Message{Type: TypePictures, Page: Page{URL: "https://a.example/"}, Links: []string{"https://a.example/0.jpg"}, Tabs: tt.tabs})
			_, err := Parse(body)
			var r *Refusal
			if !errors.As(err, &r) || r.Kind != tt.kind {
				t.Errorf("Parse = %v, want a refusal of kind %v", err, tt.kind)
			}
		})
	}
}

// TestPicturesOfAPageAreChosenFromItsMarkup reads the markup a browser
// sends: the noscript picture replaces the blurred placeholder the browser
// drew, the logo is left out, and a picture the page drew far too small
// for a person to see is left out too.
func TestPicturesOfAPageAreChosenFromItsMarkup(t *testing.T) {
	const page = "https://blog.example/post"
	m := Message{Type: TypePictures, Page: Page{URL: page, Title: "Post"},
		Links: []string{"https://cdn.example/max/60/1*a.jpeg", "https://blog.example/logo.png", "https://track.example/p.gif"},
		HTML: `<html><body><header><img src="/logo.png" alt="Blog logo"></header><article><h1>Post</h1>
<figure><img class="progressiveMedia-thumbnail" src="https://cdn.example/max/60/1*a.jpeg"><noscript><img src="https://cdn.example/max/1400/1*a.jpeg"></noscript></figure>
<img src="https://track.example/p.gif"></article></body></html>`,
		Drawn: map[string]Size{"https://track.example/p.gif": {Width: 1, Height: 1}}}
	var chosen []string
	for _, img := range m.Pictures() {
		if img.Chosen() {
			chosen = append(chosen, img.URL)
		}
		if img.Page != page || img.PageTitle != "Post" {
			t.Errorf("%s is of page %q %q", img.URL, img.Page, img.PageTitle)
		}
	}
	if got := strings.Join(chosen, " "); got != "https://cdn.example/max/1400/1*a.jpeg" {
		t.Errorf("chosen %q, want only the full-size picture behind the placeholder", got)
	}
}
