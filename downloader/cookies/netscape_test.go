package cookies

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestReadNetscape(t *testing.T) {
	tests := []struct {
		name string
		line string
		want Cookie
	}{
		{"domain cookie", ".example.com\tTRUE\t/\tTRUE\t2000000000\tsid\tabc",
			Cookie{Host: "example.com", Path: "/", Secure: true, Expires: time.Unix(2000000000, 0), Name: "sid", Value: "abc"}},
		{"host-only cookie", "www.example.com\tFALSE\t/pics\tFALSE\t0\tk\tv",
			Cookie{Host: "www.example.com", HostOnly: true, Path: "/pics", Name: "k", Value: "v"}},
		{"subdomains without a dot", "Example.com\tTRUE\t/\tFALSE\t0\tk\tv",
			Cookie{Host: "example.com", Path: "/", Name: "k", Value: "v"}},
		{"HttpOnly marker", "#HttpOnly_.example.com\tTRUE\t/\tFALSE\t0\tk\tv",
			Cookie{Host: "example.com", Path: "/", HTTPOnly: true, Name: "k", Value: "v"}},
		{"empty value", "example.com\tFALSE\t/\tFALSE\t0\tk",
			Cookie{Host: "example.com", HostOnly: true, Path: "/", Name: "k"}},
		{"CRLF line end", "example.com\tFALSE\t/\tFALSE\t0\tk\tv\r",
			Cookie{Host: "example.com", HostOnly: true, Path: "/", Name: "k", Value: "v"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadNetscape(strings.NewReader("# Netscape HTTP Cookie File\n\n" + tt.line + "\n"))
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0] != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestReadNetscapeRejectsOtherFilesWithoutShowingThem(t *testing.T) {
	tests := []struct{ name, text, wantIn string }{
		{"too few fields", "# c\nexample.com secret-value\n", "line 2"},
		{"expiry not a number", "example.com\tFALSE\t/\tFALSE\tsoon\tk\tsecret-value\n", "line 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadNetscape(strings.NewReader(tt.text))
			var e *Error
			if !errors.As(err, &e) || e.Kind != BadFile {
				t.Fatalf("err = %v, want a BadFile error", err)
			}
			if msg := err.Error(); !strings.Contains(msg, tt.wantIn) || strings.Contains(msg, "secret-value") {
				t.Errorf("message %q should name %q and never a value", msg, tt.wantIn)
			}
		})
	}
}
