package downloadtest

import (
	"path"
	"strings"
)

// pictureStarts are the first bytes of the picture formats PictureNamed
// can start like, by file extension: enough for a check of the format by
// its signature, not for a decoder.
var pictureStarts = map[string]string{
	".jpg":  "\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00",
	".png":  "\x89PNG\r\n\x1a\n",
	".gif":  "GIF89a\x01\x00\x01\x00\x00\x00\x00",
	".webp": "RIFF\x00\x00\x00\x00WEBP",
}

// Picture returns n deterministic bytes that start like a JPEG (its start
// of image and JFIF header) and go on as Data(n, seed) does: the same n and
// seed always give the same bytes, different seeds unrelated ones. It
// stands for a picture where a download must look like one to be saved
// under a picture's name.
func Picture(n int, seed int64) []byte { return PictureNamed(".jpg", n, seed) }

// PictureNamed is Picture for the format name's extension names: a PNG, a
// GIF or a WebP for .png, .gif and .webp, a JPEG for any other name, so a
// file served as x.png is not renamed x.jpg for holding a JPEG.
func PictureNamed(name string, n int, seed int64) []byte {
	start, ok := pictureStarts[strings.ToLower(path.Ext(name))]
	if !ok {
		start = pictureStarts[".jpg"]
	}
	b := Data(n, seed)
	copy(b, start)
	return b
}
