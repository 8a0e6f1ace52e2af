package pages

import (
	"reflect"
	"testing"
)

func TestParseSrcset(t *testing.T) {
	tests := []struct {
		srcset string
		want   []srcsetEntry
	}{
		{"", nil},
		{"a.jpg", []srcsetEntry{{url: "a.jpg", x: 1}}},
		{"a.jpg 1x, b.jpg 2x", []srcsetEntry{{url: "a.jpg", x: 1}, {url: "b.jpg", x: 2}}},
		{"a.jpg 320w,b.jpg 1280w", []srcsetEntry{{url: "a.jpg", width: 320, x: 1}, {url: "b.jpg", width: 1280, x: 1}}},
		{"a.jpg,b.jpg 1.5x", []srcsetEntry{{url: "a.jpg,b.jpg", x: 1.5}}}, // a comma inside an address is part of it
		{"\n  a.jpg 400w 300h ,\n b.jpg bogus", []srcsetEntry{{url: "a.jpg", width: 400, x: 1}, {url: "b.jpg", x: 1}}},
		{"data:image/gif;base64,AAAA 1x, c.jpg 2x", []srcsetEntry{{url: "data:image/gif;base64,AAAA", x: 1}, {url: "c.jpg", x: 2}}},
		{"a.jpg -5w, b.jpg 0x", []srcsetEntry{{url: "a.jpg", x: 1}, {url: "b.jpg", x: 1}}},
		{" , ,", nil},
	}
	for _, tt := range tests {
		if got := parseSrcset(tt.srcset); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseSrcset(%q) = %+v, want %+v", tt.srcset, got, tt.want)
		}
	}
}

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
