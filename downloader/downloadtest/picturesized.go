package downloadtest

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"path"
	"strings"
)

// PictureSized returns a real picture of width × height pixels in the
// format name's extension names (PNG for .png, GIF for .gif, JPEG for any
// other name), drawn from seed: the same arguments always give the same
// bytes, and a decoder reads its size from its first bytes. It stands for
// a picture whose size matters, such as a thumbnail and its original.
func PictureSized(name string, width, height int, seed ...int64) []byte {
	var s int64
	if len(seed) > 0 {
		s = seed[0]
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for y := 0; y < height; y++ {
		for x := 0; x < width; x++ {
			v := uint8((int64(x*7+y*13) + s*31) % 251)
			img.Set(x, y, color.RGBA{R: v, G: uint8(int64(y) + s), B: uint8(x), A: 255})
		}
	}
	var b bytes.Buffer
	switch strings.ToLower(path.Ext(name)) {
	case ".png":
		png.Encode(&b, img)
	case ".gif":
		gif.Encode(&b, img, &gif.Options{NumColors: 16})
	default:
		jpeg.Encode(&b, img, &jpeg.Options{Quality: 80})
	}
	return b.Bytes()
}
