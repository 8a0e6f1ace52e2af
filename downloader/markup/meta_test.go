package markup

import "testing"

func TestMetaNames(t *testing.T) {
	tests := []struct {
		name         string
		image, media bool
	}{
		{"og:image", true, true},
		{" OG:Image:Secure_URL ", true, true},
		{"og:image:url", true, true},
		{"twitter:image", true, true},
		{"twitter:image:src", true, true},
		{"og:video", false, true},
		{"og:audio:secure_url", false, true},
		{"og:image:width", false, false},
		{"description", false, false},
		{"", false, false},
	}
	for _, tc := range tests {
		if got := IsImageMeta(tc.name); got != tc.image {
			t.Errorf("IsImageMeta(%q) = %v, want %v", tc.name, got, tc.image)
		}
		if got := IsMediaMeta(tc.name); got != tc.media {
			t.Errorf("IsMediaMeta(%q) = %v, want %v", tc.name, got, tc.media)
		}
	}
}
