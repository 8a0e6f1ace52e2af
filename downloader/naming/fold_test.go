package naming

import (
	"strings"
	"testing"
	"unicode"
)

func TestFold(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"A.jpg", "a.jpg", true},
		{"CAT.JPG", "cat.jpg", true},
		{"Café.jpg", "CAFÉ.JPG", true},
		{"ΣΊΣΥΦΟΣ.txt", "σίσυφος.txt", true},
		{"Kelvin\u212a.txt", "kelvink.txt", true},
		{"Photo.jpg", "photo.jpg", true},
		{"Cafe\u0301.jpg", "Caf\u00e9.jpg", true},
		{"cafe\u0301.jpg", "CAF\u00c9.JPG", true},
		{"\u1100\u1161.png", "\uac00.png", true},
		{"cafe.jpg", "caf\u00e9.jpg", false},
		{"a.jpg", "b.jpg", false},
		{"a.jpg", "a.jpeg", false},
	}
	for _, tc := range tests {
		if got := Fold(tc.a) == Fold(tc.b); got != tc.same {
			t.Errorf("Fold(%q) == Fold(%q) is %v, want %v (%q, %q)", tc.a, tc.b, got, tc.same, Fold(tc.a), Fold(tc.b))
		}
	}
}

func TestFoldOfLowerCaseASCIIIsUnchanged(t *testing.T) {
	if got := Fold("cat (2).jpg"); got != "cat (2).jpg" {
		t.Errorf("Fold(%q) = %q", "cat (2).jpg", got)
	}
}

// TestFoldRuneStaysInOrbit checks every rune: its key is a member of its
// own case-folding orbit, so different orbits never share a key and
// Fold(a) == Fold(b) exactly when strings.EqualFold(a, b).
func TestFoldRuneStaysInOrbit(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		key := foldRune(r)
		if !strings.EqualFold(string(r), string(key)) {
			t.Fatalf("foldRune(%U) = %U, outside its case-folding orbit", r, key)
		}
	}
}
