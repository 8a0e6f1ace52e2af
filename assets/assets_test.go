package assets

import (
	"bytes"
	"image/png"
	"testing"
)

func TestIconIsSquarePNG(t *testing.T) {
	img, err := png.Decode(bytes.NewReader(Icon))
	if err != nil {
		t.Fatalf("decode embedded icon: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 512 || b.Dy() != 512 {
		t.Errorf("icon is %dx%d, want 512x512", b.Dx(), b.Dy())
	}
}
