package naming

import "testing"

func TestExtensionFor(t *testing.T) {
	tests := []struct {
		contentType, want string
	}{
		{"image/jpeg", ".jpg"},
		{"image/png", ".png"},
		{"image/gif", ".gif"},
		{"image/webp", ".webp"},
		{"image/svg+xml", ".svg"},
		{"image/avif", ".avif"},
		{"image/bmp", ".bmp"},
		{"image/tiff", ".tif"},
		{"image/x-icon", ".ico"},
		{"image/vnd.microsoft.icon", ".ico"},
		{"application/pdf", ".pdf"},
		{"application/zip", ".zip"},
		{"text/plain", ".txt"},
		{"text/html", ".html"},
		{"video/mp4", ".mp4"},
		{"audio/mpeg", ".mp3"},
		{"application/json", ".json"},
		{"text/plain; charset=utf-8", ".txt"},
		{"Text/HTML; Charset=UTF-8", ".html"},
		{"  image/png  ", ".png"},
		{"text/plain; charset", ".txt"},
		{"application/wasm", ".wasm"},
		{"application/octet-stream", ""},
		{"binary/octet-stream", ""},
		{"application/x-unknown-thing", ""},
		{"", ""},
		{";;;", ""},
		{"not a type", ""},
	}
	for _, tc := range tests {
		if got := ExtensionFor(tc.contentType); got != tc.want {
			t.Errorf("ExtensionFor(%q) = %q, want %q", tc.contentType, got, tc.want)
		}
	}
}

func TestIsPlainExt(t *testing.T) {
	tests := []struct {
		ext  string
		want bool
	}{
		{".jpg", true},
		{".tar+gz", true},
		{".x_y-z", true},
		{".", false},
		{"jpg", false},
		{"./x", false},
		{". x", false},
		{".é", false},
		{".abcdefghijklmnopq", false},
	}
	for _, tc := range tests {
		if got := isPlainExt(tc.ext); got != tc.want {
			t.Errorf("isPlainExt(%q) = %v, want %v", tc.ext, got, tc.want)
		}
	}
}
