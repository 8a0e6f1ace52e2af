package markup

import (
	"reflect"
	"testing"
)

func TestSrcset(t *testing.T) {
	tests := []struct {
		name, srcset string
		want         []SrcsetEntry
	}{
		{"empty", "", nil},
		{"only separators", " , ,", nil},
		{"one address", "a.jpg", []SrcsetEntry{{URL: "a.jpg", Density: 1}}},
		{"density descriptors", "a.jpg 1x, b.jpg 2x", []SrcsetEntry{{URL: "a.jpg", Density: 1}, {URL: "b.jpg", Density: 2}}},
		{"width descriptors", "a.jpg 320w,b.jpg 1280w", []SrcsetEntry{{URL: "a.jpg", Width: 320, Density: 1}, {URL: "b.jpg", Width: 1280, Density: 1}}},
		{"no descriptors", "a.jpg, b.jpg", []SrcsetEntry{{URL: "a.jpg", Density: 1}, {URL: "b.jpg", Density: 1}}},
		{"a comma without a space belongs to the address", "a.jpg,b.jpg 1.5x", []SrcsetEntry{{URL: "a.jpg,b.jpg", Density: 1.5}}},
		{"comma inside an address", "https://x.example/w_1,h_2/a.jpg 1x", []SrcsetEntry{{URL: "https://x.example/w_1,h_2/a.jpg", Density: 1}}},
		{"new lines and unknown descriptors", "\n  a.jpg 400w 300h ,\n b.jpg bogus", []SrcsetEntry{{URL: "a.jpg", Width: 400, Density: 1}, {URL: "b.jpg", Density: 1}}},
		{"data address with a comma", "data:image/gif;base64,AAAA 1x, c.jpg 2x", []SrcsetEntry{{URL: "data:image/gif;base64,AAAA", Density: 1}, {URL: "c.jpg", Density: 2}}},
		{"descriptors that are not positive", "a.jpg -5w, b.jpg 0x", []SrcsetEntry{{URL: "a.jpg", Density: 1}, {URL: "b.jpg", Density: 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Srcset(tc.srcset); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Srcset(%q) = %+v, want %+v", tc.srcset, got, tc.want)
			}
		})
	}
}

func TestSrcsetURLs(t *testing.T) {
	tests := []struct {
		srcset string
		want   []string
	}{
		{"a.jpg 1x, b.jpg 2x", []string{"a.jpg", "b.jpg"}},
		{" a.jpg 100w,\n b.jpg 200w ", []string{"a.jpg", "b.jpg"}},
		{" , ", nil},
	}
	for _, tc := range tests {
		if got := SrcsetURLs(tc.srcset); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SrcsetURLs(%q) = %q, want %q", tc.srcset, got, tc.want)
		}
	}
}
