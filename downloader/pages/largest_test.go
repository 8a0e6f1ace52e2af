package pages

import (
	"testing"
)

func TestLargest(t *testing.T) {
	tests := []struct {
		name string
		cs   []candidate
		want string
	}{
		{"widest wins", []candidate{{raw: "s", width: 300, x: 1}, {raw: "l", width: 1200, x: 1}, {raw: "m", width: 600, x: 1}}, "l"},
		{"width beats density", []candidate{{raw: "x", x: 3}, {raw: "w", width: 100, x: 1}}, "w"},
		{"highest density", []candidate{{raw: "1", x: 1}, {raw: "2", x: 2}}, "2"},
		{"lazy beats src at equal size", []candidate{{raw: "src", x: 1, source: SourceImg}, {raw: "lazy", x: 1, source: SourceLazy}}, "lazy"},
		{"first of equals", []candidate{{raw: "a", x: 1, source: SourceImg}, {raw: "b", x: 1, source: SourceImg}}, "a"},
	}
	for _, tt := range tests {
		got, ok := largest(tt.cs)
		if !ok || got.raw != tt.want {
			t.Errorf("%s: largest = %q, want %q", tt.name, got.raw, tt.want)
		}
	}
	if _, ok := largest(nil); ok {
		t.Error("largest(nil) reported a candidate")
	}
}
