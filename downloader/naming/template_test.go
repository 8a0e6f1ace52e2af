package naming

import (
	"strings"
	"testing"
	"time"
)

func TestTemplate(t *testing.T) {
	tests := []struct {
		tmpl, own  string
		n, count   int
		host, page string
		want       string
	}{
		{"{page} {n}.{ext}", "IMG_4411.JPG", 7, 120, "cdn.example", "Beach photos", "Beach photos 007.JPG"},
		{"{n}", "cat.png", 3, 5, "h", "p", "03.png"},
		{"{n}-{name}", "cat.tar.gz", 12, 12, "h", "p", "12-cat.tar.gz"},
		{"{host}_{name}.{ext}", "a.webp", 1, 1, "img.example", "p", "img.example_a.webp"},
		{"{page}/{n}", "a.jpg", 1, 2, "h", "Trips", "Trips_01.jpg"},
		{"{page} {n}", "a.jpg", 1, 2, "h", "My {name} page", "My (name) page 01.jpg"},
		{"{name}.{ext}", "noext", 1, 1, "h", "p", "noext"},
		{"{n}: {name}?", "x.gif", 2, 9, "h", "p", "02_ x_.gif"},
		{"", "x.gif", 2, 9, "h", "p", "x.gif"},
	}
	for _, tt := range tests {
		placed := PlaceTemplate(tt.tmpl, tt.n, tt.count, tt.host, tt.page)
		if got := FromTemplate(placed, tt.own); got != tt.want {
			t.Errorf("template %q with %q: got %q, want %q", tt.tmpl, tt.own, got, tt.want)
		}
	}
}

func TestUnknownField(t *testing.T) {
	for tmpl, want := range map[string]string{
		"{page} {n}.{ext}": "",
		"{n}-{title}":      "{title}",
		"plain":            "",
		"{N}":              "{N}",
		"{alt} {date}":     "",
	} {
		if got := UnknownField(tmpl); got != want {
			t.Errorf("UnknownField(%q) = %q, want %q", tmpl, got, want)
		}
	}
}

func TestTemplateAltAndDate(t *testing.T) {
	day := time.Date(2025, 3, 9, 23, 30, 0, 0, time.Local)
	tests := []struct {
		tmpl, alt, own, want string
	}{
		{"{alt}", "A seal pup on the beach", "IMG_1.jpg", "A seal pup on the beach.jpg"},
		{"{alt}", "", "IMG_1.jpg", "IMG_1.jpg"},
		{"{alt}", "  spaces\tand\nlines  ", "a.png", "spaces and lines.png"},
		{"{n} {alt}", "他/她的 {page} <照片>", "a.jpg", "01 他_她的 (page) _照片_.jpg"},
		{"{date} {n}", "x", "a.jpg", "2025-03-09 01.jpg"},
		{"{alt}", strings.Repeat("x", 100), "a.jpg", strings.Repeat("x", 80) + ".jpg"},
	}
	for _, tt := range tests {
		placed := Place{N: 1, Count: 3, Host: "h", Page: "p", Alt: tt.alt, Date: day}.Fill(tt.tmpl)
		if got := FromTemplate(placed, tt.own); got != tt.want {
			t.Errorf("template %q with alt %q: got %q, want %q", tt.tmpl, tt.alt, got, tt.want)
		}
	}
}
