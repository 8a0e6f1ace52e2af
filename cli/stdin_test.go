package cli

import (
	"strings"
	"testing"
	"unicode/utf16"

	"haul/downloader/downloadtest"
)

// TestStandardInputIsReadAsAFileIs: a list given on standard input is
// read as a file of links is: UTF-16 from Windows Notepad is decoded, and
// a picture is refused in words, not printed back line by line.
func TestStandardInputIsReadAsAFileIs(t *testing.T) {
	s := newServer(t)
	s.Handle("/a.bin", downloadtest.Data(2000, 1))
	units := utf16.Encode([]rune(s.URL("/a.bin") + "\r\n"))
	utf16le := []byte{0xff, 0xfe}
	for _, u := range units {
		utf16le = append(utf16le, byte(u), byte(u>>8))
	}
	jpeg := append([]byte{0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'J', 'F', 'I', 'F', 0}, strings.Repeat("\x00\x17\n", 200)...)
	tests := []struct {
		name, stdin string
		code        int
		want        string
	}{
		{"UTF-16 with a byte order mark", string(utf16le), exitOK, "Saved 1 · "},
		{"a picture", string(jpeg), exitUsage, "“standard input” looks like an image, not a list of links"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runGet(t.Context(), tt.stdin, "-q", "-o", t.TempDir(), "-")
			if r.code != tt.code || !strings.Contains(r.stdout+r.stderr, tt.want) {
				t.Errorf("exit %d, want %d and %q\nstdout:\n%s\nstderr:\n%s", r.code, tt.code, tt.want, r.stdout, r.stderr)
			}
			if strings.Count(r.stderr, "\n") > 1 {
				t.Errorf("%d lines on stderr, want one at most:\n%s", strings.Count(r.stderr, "\n"), r.stderr)
			}
		})
	}
}
