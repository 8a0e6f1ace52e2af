package downloader

import (
	"bytes"
	"strings"
	"testing"
)

func TestShownLink(t *testing.T) {
	tests := []struct{ link, want string }{
		{"http://site/a.jpg?x=1", "http://site/a.jpg?x=1"},
		{"http://user:pw@site/a.jpg", "http://user:xxxxx@site/a.jpg"},
		{"https://user@site/a.jpg", "https://user@site/a.jpg"},
		{"http://:secret@site/a.jpg", "http://:xxxxx@site/a.jpg"},
		{"not a link %zz", "not a link %zz"},
	}
	for _, tt := range tests {
		if got := ShownLink(tt.link); got != tt.want {
			t.Errorf("ShownLink(%q) = %q, want %q", tt.link, got, tt.want)
		}
	}
}

// TestReportHidesPasswords: the CSV report never holds a link's password.
func TestReportHidesPasswords(t *testing.T) {
	items := []ItemSnapshot{{URL: "http://user:s3cr3t@site/a.jpg", State: Done, Name: "a.jpg"}}
	for _, opts := range []ReportOptions{{}, {BOM: true}} {
		var out bytes.Buffer
		if err := WriteReport(&out, items, opts); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.String(), "s3cr3t") {
			t.Errorf("the report holds the password:\n%s", out.String())
		}
		if !strings.Contains(out.String(), "http://user:xxxxx@site/a.jpg") {
			t.Errorf("the report does not name the link:\n%s", out.String())
		}
	}
}
