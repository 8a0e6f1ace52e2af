package sniff

import "testing"

func FuzzDetect(f *testing.F) {
	f.Add(encoded(f, 9, 5, encodeJPEG))
	f.Add(encoded(f, 9, 5, encodePNG))
	f.Add(encoded(f, 9, 5, encodeGIF))
	f.Add(encoded(f, 3, 2, encodeBMP))
	f.Add(encoded(f, 3, 2, encodeTIFF))
	f.Add(readFixture(f, "lossless-1x1.webp"))
	f.Add(webpCanvas(300, 200))
	f.Add(icon(16, 32))
	f.Add(ftyp("mif1", []string{"avif"}, 10, 10))
	f.Add(readFixture(f, "prolog.svg"))
	f.Add(readFixture(f, "login.html"))
	f.Add([]byte(`{"a": 1}`))
	for _, name := range []string{"37x21.jxl", "37x21-container.jxl", "37x21.jp2", "37x21.j2k", "37x21-head.psd", "32x32-head.cur"} {
		f.Add(readFixture(f, name))
	}
	f.Fuzz(func(t *testing.T, head []byte) {
		got := Detect(head)
		if got.IsImage && got.IsText {
			t.Fatalf("Detect = %+v: both a picture and text", got)
		}
		if got.IsImage && (got.Ext == "" || got.MIME == "") {
			t.Fatalf("Detect = %+v: a picture without a type or extension", got)
		}
		if got.Width < 0 || got.Height < 0 {
			t.Fatalf("Detect = %+v: negative size", got)
		}
		if len(head) > 0 && got.MIME == "" {
			t.Fatalf("Detect = %+v: no type for %d bytes", got, len(head))
		}
	})
}
