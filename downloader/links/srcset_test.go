package links

import (
	"reflect"
	"testing"
)

func TestSrcsetURLs(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"density descriptors", "a.jpg 1x, b.jpg 2x", []string{"a.jpg", "b.jpg"}},
		{"width descriptors and new lines", " a.jpg 100w,\n b.jpg 200w ", []string{"a.jpg", "b.jpg"}},
		{"no descriptors", "a.jpg, b.jpg", []string{"a.jpg", "b.jpg"}},
		{"a comma without a space belongs to the address", "a.jpg,b.jpg", []string{"a.jpg,b.jpg"}},
		{"comma inside an address", "https://x.example/w_1,h_2/a.jpg 1x", []string{"https://x.example/w_1,h_2/a.jpg"}},
		{"empty", " , ", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := srcsetURLs(tc.in); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("srcsetURLs(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
