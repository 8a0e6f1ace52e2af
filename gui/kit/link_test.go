package kit

import "testing"

func TestReadableLink(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"https://example.com/%E5%9B%BE%E7%89%87/%E7%8C%AB.jpg", "https://example.com/图片/猫.jpg"},
		{"https://example.com/a%20b.jpg?q=%E7%8C%AB&x=%2F", "https://example.com/a%20b.jpg?q=猫&x=%2F"},
		{"https://example.com/caf%C3%A9%2Fmenu", "https://example.com/café%2Fmenu"},
		{"https://example.com/%FF%FE.bin", "https://example.com/%FF%FE.bin"},
		{"https://example.com/%E5%9B", "https://example.com/%E5%9B"},
		{"https://example.com/plain.jpg", "https://example.com/plain.jpg"},
		{"https://example.com/100%", "https://example.com/100%"},
	}
	for _, tt := range tests {
		if got := ReadableLink(tt.raw); got != tt.want {
			t.Errorf("ReadableLink(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}
