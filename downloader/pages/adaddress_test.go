package pages

import "testing"

// TestAdAddresses: an address's path marks an advertisement by its words,
// except the two-letter words a hash's folders make by chance.
func TestAdAddresses(t *testing.T) {
	tests := []struct {
		address string
		ad      bool
	}{
		{"https://cdn.example.com/ad/banner-728x90.gif", true},
		{"https://news.example.com/static/ads/promo.jpg", true},
		{"https://img.example.cn/upload/da/spring.png", true},
		{"https://i.pinimg.com/236x/de/ad/be/deadbeefdeadbeefdeadbeefdeadbeef.jpg", false},
		{"https://i.pinimg.com/564x/da/7f/01/da7f01c2aabbccddeeff00112233.jpg", false},
		{"https://cdn.example.com/ab/cd/ad/promo.jpg", false},
		{"https://pagead2.googlesyndication.com/simgad/123", true},
		{"https://photos.example.com/gallery/2024/cat.jpg", false},
	}
	for _, tt := range tests {
		if got := adAddress(tt.address); got != tt.ad {
			t.Errorf("adAddress(%s) = %v, want %v", tt.address, got, tt.ad)
		}
	}
}
