package pages

import (
	"path"
	"regexp"
	"strconv"
	"strings"
)

// The size tokens that sites write into a picture's file name rather than
// its folders or query, and that stripNamedSize reads.
var (
	// densitySuffix is a screen density: photo@2x.png.
	densitySuffix = regexp.MustCompile(`@(\d)x$`)
	// wordSuffix is a size word: photo_thumb.jpg, photo-small.jpg,
	// photo.thumb.jpg (Discuz!'s x.jpg.thumb.jpg).
	wordSuffix = regexp.MustCompile(`(?i)[-_.](thumb|thumbnail|small|medium|large|preview)$`)
	// amazonToken is Amazon's size token: x._AC_SL1500_.jpg, x._SY88.jpg.
	amazonToken = regexp.MustCompile(`\._[A-Z][A-Za-z0-9_,]*$`)
	// resizedAfterName is a size written after a whole file name:
	// x.jpg_60x60q90.jpg (Taobao and Tmall).
	resizedAfterName = regexp.MustCompile(`(?i)(\.(?:jpe?g|png|gif|webp))_(\d+)x\d+[a-z0-9.]*$`)
	// flickrSuffix is Flickr's size letter: 123_abc_b.jpg.
	flickrSuffix = regexp.MustCompile(`^(\d+_[0-9a-f]+)_([a-z0-9]{1,2})$`)
	// jdSize is a size folder of 360buyimg's pictures: /n1/, /n5/.
	jdSize = regexp.MustCompile(`^/n(\d+)/(?:s\d+x\d+_)?`)
)

// amazonDefaultSize is the width of the copy an Amazon token without a
// size names (x._AC_.jpg): below a copy that names a larger one
// (._AC_SL1500_), above the thumbnails, and below the original (x.jpg).
const amazonDefaultSize = 1000

// flickrSizes are the widths of Flickr's size letters.
var flickrSizes = map[string]int{"s": 75, "q": 150, "t": 100, "m": 240, "n": 320, "w": 400, "z": 640, "c": 800, "b": 1024,
	"h": 1600, "k": 2048, "3k": 3072, "4k": 4096, "5k": 5120, "6k": 6144, "o": originalSize}

// jdSizes are the widths of 360buyimg's size folders; n0 is the original.
var jdSizes = map[int]int{0: originalSize, 1: 350, 2: 160, 3: 130, 4: 100, 5: 50, 6: 800, 7: 150, 8: 130, 9: 40, 12: 800}

// stripNamedSize removes a size token from a file name and returns the
// size it named (0 for none). A density (@2x) counts above the plain
// name, since the plain name is its 1x copy.
func stripNamedSize(p string) (string, int) {
	if m := resizedAfterName.FindStringSubmatchIndex(p); m != nil {
		n, _ := strconv.Atoi(p[m[4]:m[5]])
		return p[:m[3]], n
	}
	if m := jdSize.FindStringSubmatchIndex(p); m != nil && strings.HasPrefix(p, "/n") {
		n, _ := strconv.Atoi(p[m[2]:m[3]])
		if w, ok := jdSizes[n]; ok {
			return "/" + p[m[1]:], w
		}
	}
	ext := path.Ext(p)
	stem := strings.TrimSuffix(p, ext)
	dir, name := path.Split(stem)
	if m := flickrSuffix.FindStringSubmatch(name); m != nil {
		if w, ok := flickrSizes[m[2]]; ok {
			return dir + m[1] + ext, w
		}
	}
	if m := amazonToken.FindStringIndex(stem); m != nil {
		token := stem[m[0]:]
		n := largestNumber(token)
		if n == 0 {
			n = amazonDefaultSize
		}
		return stem[:m[0]] + ext, n
	}
	if m := densitySuffix.FindStringSubmatchIndex(stem); m != nil {
		n, _ := strconv.Atoi(stem[m[2]:m[3]])
		return stem[:m[0]] + ext, originalSize + n
	}
	if m := wordSuffix.FindStringSubmatchIndex(stem); m != nil {
		return removeDoubleExt(stem[:m[0]], ext), namedSizes[strings.ToLower(stem[m[2]:m[3]])]
	}
	return p, 0
}

// removeDoubleExt joins a stem and an extension, leaving out the
// extension when the stem already ends in it (x.jpg.thumb.jpg is x.jpg).
func removeDoubleExt(stem, ext string) string {
	if strings.EqualFold(path.Ext(stem), ext) {
		return stem
	}
	return stem + ext
}

// largestNumber is the largest number written in s, 0 for none.
func largestNumber(s string) int {
	best := 0
	for _, m := range firstNumber.FindAllString(s, -1) {
		if n, err := strconv.Atoi(m); err == nil && n > best {
			best = n
		}
	}
	return best
}
