package downloadtest

import (
	"bytes"
	"image"
	"image/color/palette"
	"image/draw"
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
	img := image.NewGray(image.Rect(0, 0, width, height))
	for y := range height {
		row := img.Pix[y*img.Stride : y*img.Stride+width]
		for x := range row {
			row[x] = uint8((int64(x/8*7+y/8*13) + s*31) % 251)
		}
	}
	var b bytes.Buffer
	switch strings.ToLower(path.Ext(name)) {
	case ".png":
		png.Encode(&b, img)
	case ".gif":
		paletted := image.NewPaletted(img.Rect, palette.Plan9)
		draw.Draw(paletted, img.Rect, img, image.Point{}, draw.Src)
		gif.Encode(&b, paletted, nil)
	default:
		jpeg.Encode(&b, img, &jpeg.Options{Quality: 60})
	}
	return b.Bytes()
}
