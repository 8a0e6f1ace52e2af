package naming

import (
	"fmt"
	"strings"
	"testing"
)

func TestNumbered(t *testing.T) {
	long := strings.Repeat("a", 300) + ".jpg"
	tests := []struct {
		name string
		n    int
		want string
	}{
		{"cat.jpg", 2, "cat (2).jpg"},
		{"cat.jpg", 17, "cat (17).jpg"},
		{"README", 2, "README (2)"},
		{"archive.tar.gz", 3, "archive (3).tar.gz"},
		{"my.holiday photo", 2, "my.holiday photo (2)"},
		{"CON.jpg", 2, "CON_ (2).jpg"},
		{".hidden", 2, "hidden (2)"},
		{"../x.jpg", 2, "x (2).jpg"},
		{"", 2, "download (2)"},
		{"cat.jpg", 1, "cat.jpg"},
		{long, 999, strings.Repeat("a", 236) + " (999).jpg"},
	}
	for _, tc := range tests {
		got := Numbered(tc.name, tc.n)
		if got != tc.want {
			t.Errorf("Numbered(%q, %d) = %q, want %q", tc.name, tc.n, got, tc.want)
		}
	}
}

func TestNumberOf(t *testing.T) {
	tests := []struct {
		name, want string
		n          int
		ok         bool
	}{
		{"cat.jpg", "cat.jpg", 1, true},
		{"cat (2).jpg", "cat.jpg", 2, true},
		{"cat (17).jpg", "cat.jpg", 17, true},
		{"archive (3).tar.gz", "archive.tar.gz", 3, true},
		{"README (2)", "README", 2, true},
		{"CON_ (2).jpg", "CON.jpg", 2, true},
		{"cat (1).jpg", "cat.jpg", 0, false},
		{"cat (02).jpg", "cat.jpg", 0, false},
		{"cat (x).jpg", "cat.jpg", 0, false},
		{"cat (2).png", "cat.jpg", 0, false},
		{"dog (2).jpg", "cat.jpg", 0, false},
		{"cat.jpg", "dog.jpg", 0, false},
	}
	for _, tc := range tests {
		n, ok := NumberOf(tc.name, tc.want)
		if n != tc.n || ok != tc.ok {
			t.Errorf("NumberOf(%q, %q) = %d, %v, want %d, %v", tc.name, tc.want, n, ok, tc.n, tc.ok)
		}
	}
	for _, n := range []int{2, 10, 999} {
		if got, ok := NumberOf(Numbered("a b.c.jpg", n), "a b.c.jpg"); got != n || !ok {
			t.Errorf("NumberOf(Numbered(_, %d)) = %d, %v", n, got, ok)
		}
	}
}

func TestIsNumbered(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"cat (2).jpg", true},
		{"archive (3).tar.gz", true},
		{"README (12)", true},
		{"cat.jpg", false},
		{"cat (1).jpg", false},
		{"cat (02).jpg", false},
		{"cat (x).jpg", false},
		{"cat (2) copy.jpg", false},
	}
	for _, tt := range tests {
		if got := IsNumbered(tt.name); got != tt.want {
			t.Errorf("IsNumbered(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestNumberedStaysSafeAndShort(t *testing.T) {
	for _, tc := range sanitizeCases {
		for _, n := range []int{2, 10, 999} {
			got := Numbered(tc.in, n)
			suffix := len(fmt.Sprintf(" (%d)", n))
			if len(got) > MaxBytes+suffix {
				t.Errorf("Numbered(%q, %d) is %d bytes, more than %d", tc.in, n, len(got), MaxBytes+suffix)
			}
			if len(got+".part") > 255 {
				t.Errorf("Numbered(%q, %d) leaves no room for .part: %d bytes", tc.in, n, len(got))
			}
			if isWindowsDevice(got) || strings.ContainsAny(got, `/\`) || strings.HasSuffix(got, ".") || strings.HasSuffix(got, " ") {
				t.Errorf("Numbered(%q, %d) = %q is not a safe name", tc.in, n, got)
			}
			if got == Sanitize(tc.in) {
				t.Errorf("Numbered(%q, %d) = %q, the same as the original", tc.in, n, got)
			}
		}
	}
}
