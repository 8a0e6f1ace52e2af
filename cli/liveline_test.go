package cli

import (
	"strings"
	"testing"
)

// TestLiveLineWithoutEscapes: where the console does not understand escape
// codes, each line is drawn over the last with spaces covering what it
// left, wide Chinese characters counting two columns, and the line is
// erased with spaces; no escape code is written.
func TestLiveLineWithoutEscapes(t *testing.T) {
	l := &liveLine{}
	steps := []struct {
		draw string // "" erases
		want string
	}{
		{"12/40 saved", "\r12/40 saved"},
		{"3/4", "\r3/4        "},
		{"已保存 3/40", "\r已保存 3/40"},
		{"ok", "\rok         "},
		{"", "\r  \r"},
		{"again", "\ragain"},
	}
	for i, s := range steps {
		got := ""
		if s.draw == "" {
			got = l.erase()
		} else {
			got = l.draw(s.draw)
		}
		if got != s.want {
			t.Errorf("step %d: %q, want %q", i, got, s.want)
		}
		if strings.Contains(got, "\x1b") {
			t.Errorf("step %d wrote an escape code: %q", i, got)
		}
	}
}

func TestLiveLineWithEscapes(t *testing.T) {
	l := &liveLine{escapes: true}
	if got := l.draw("3/4"); got != "\r\x1b[K3/4" {
		t.Errorf("draw = %q", got)
	}
	if got := l.erase(); got != "\r\x1b[K" {
		t.Errorf("erase = %q", got)
	}
}

func TestColumns(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"saved 3", 7},
		{"已保存 3", 8},
		{"小猫-01.jpg", 11},
		{"· ２", 4},
	}
	for _, tt := range tests {
		if got := columns(tt.s); got != tt.want {
			t.Errorf("columns(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}
