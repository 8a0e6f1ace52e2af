package sniff

import (
	"bytes"
	"encoding/binary"
	"math"
)

// heifKind recognises AVIF, HEIC and other HEIF pictures by the brands in
// their leading ftyp box. Other ISO media files, such as MP4 video, share
// the box but not the brands.
func heifKind(head []byte) (Format, bool) {
	if len(head) < 16 || string(head[4:8]) != "ftyp" {
		return Format{}, false
	}
	end := min(int(binary.BigEndian.Uint32(head[:4])), len(head))
	major := string(head[8:12])
	brands := map[string]bool{} // the compatible brands
	for off := 16; off+4 <= end; off += 4 {
		brands[string(head[off:off+4])] = true
	}
	switch major {
	case "avif", "avis":
		return avifFormat, true
	case "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs":
		return heicFormat, true
	case "mif1", "msf1", "mif2", "miaf":
		switch {
		case brands["avif"] || brands["avis"]:
			return avifFormat, true
		case brands["heic"] || brands["heix"] || brands["hevc"] || brands["hevx"]:
			return heicFormat, true
		}
		return heifFormat, true
	}
	return Format{}, false
}

// ispeSize returns the largest size given by the image spatial extent
// ("ispe") properties in a HEIF head: the primary picture is at least as
// large as its thumbnails and tiles. A head too short to hold one gives
// 0 × 0.
func ispeSize(head []byte) (width, height int) {
	// An ispe box: size (4), "ispe", version and flags (4), width (4), height (4).
	for i := 0; ; {
		n := bytes.Index(head[i:], []byte("ispe"))
		if n < 0 {
			return width, height
		}
		at := i + n
		i = at + 4
		if at < 4 || at+16 > len(head) {
			continue
		}
		w := binary.BigEndian.Uint32(head[at+8 : at+12])
		h := binary.BigEndian.Uint32(head[at+12 : at+16])
		if w > math.MaxInt32 || h > math.MaxInt32 {
			continue
		}
		if int64(w)*int64(h) > int64(width)*int64(height) {
			width, height = int(w), int(h)
		}
	}
}
