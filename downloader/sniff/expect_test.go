package sniff

import "testing"

func TestExpectImage(t *testing.T) {
	tests := []struct {
		name, contentType string
		fromPage          bool
		want              bool
	}{
		{"photo.jpg", "", false, true},
		{"PHOTO.JPEG", "text/html", false, true},
		{"scan.tiff?download=1", "", false, true},
		{"download", "image/png", false, true},
		{"download", "Image/WebP; q=1", false, true},
		{"image.php", "text/html; charset=utf-8", true, true},
		{"report.pdf", "application/pdf", false, false},
		{"page.html", "text/html", false, false},
		{"download", "", false, false},
		{"download", "not a type", false, false},
	}
	for _, tt := range tests {
		if got := ExpectImage(tt.name, tt.contentType, tt.fromPage); got != tt.want {
			t.Errorf("ExpectImage(%q, %q, %v) = %v, want %v", tt.name, tt.contentType, tt.fromPage, got, tt.want)
		}
	}
}

func TestFixExtension(t *testing.T) {
	png := Detect(encoded(t, 4, 4, encodePNG))
	jpg := Detect(encoded(t, 4, 4, encodeJPEG))
	tests := []struct {
		name   string
		format Format
		want   string
	}{
		{"photo.jpg", png, "photo.png"},
		{"Holiday Photo.JPG", png, "Holiday Photo.png"},
		{"photo.png", jpg, "photo.jpg"},
		{"photo.jpeg", jpg, "photo.jpeg"},
		{"photo.JPG", jpg, "photo.JPG"},
		{"scan.tiff", tiffFormat, "scan.tiff"},
		{"scan.tif", tiffFormat, "scan.tif"},
		{"shot.heif", heicFormat, "shot.heif"},
		{"shot.heic", avifFormat, "shot.avif"},
		{"logo.png", svgFormat, "logo.svg"},
		{"archive.v2.gif", webpFormat, "archive.v2.webp"},
		{"notes.txt", png, "notes.txt"},
		{"download", png, "download"},
		{"photo.jpg", htmlFormat, "photo.jpg"},
		{"photo.jpg", Format{}, "photo.jpg"},
		{"Photo.jpg.lnk", png, "Photo.png"},
		{"Photo.jpg.lnk", jpg, "Photo.jpg"},
		{"run.desktop", png, "run.png"},
		{"x.EXE", jpg, "x.jpg"},
		{"invoice.pdf.scr", png, "invoice.pdf.png"},
		{"a.b.cmd", png, "a.b.png"},
		{"setup.exe", htmlFormat, "setup.exe.html"},
		{"run.desktop", plainFormat, "run.desktop.txt"},
		{"Update.HTA", htmlFormat, "Update.HTA.html"},
		{"bank.url", plainFormat, "bank.url.txt"},
		{"x.exe", plainFormat, "x.exe.txt"},
		{"notes.txt", plainFormat, "notes.txt"},
		{"page.html", htmlFormat, "page.html"},
		{"feed.xml", xmlFormat, "feed.xml"},
		{"tool.exe", Format{MIME: "application/octet-stream"}, "tool.exe"},
	}
	for _, tt := range tests {
		if got := FixExtension(tt.name, tt.format); got != tt.want {
			t.Errorf("FixExtension(%q, %s) = %q, want %q", tt.name, tt.format.MIME, got, tt.want)
		}
	}
}

func TestLoginPageIsTextWhereAPictureWasExpected(t *testing.T) {
	html := Detect(readFixture(t, "login.html"))
	if !ExpectImage("photo.jpg", "text/html", false) || !html.IsText || html.IsImage {
		t.Fatalf("a login page served for photo.jpg must be an expected image whose bytes are text, got %+v", html)
	}
}
