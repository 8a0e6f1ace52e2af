package naming

import "testing"

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
	} {
		if got := UnknownField(tmpl); got != want {
			t.Errorf("UnknownField(%q) = %q, want %q", tmpl, got, want)
		}
	}
}
