package pages

import (
	"net/url"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// Image services and content systems offer one picture at several sizes
// under addresses that differ only in a size token: /max/60/ and
// /max/1600/ (Medium), photo-300x200.jpg and photo.jpg (WordPress),
// name=small and name=orig (X/Twitter), w=400 and w=2000 (imgix), =s320
// and =s1600 (Google). variantOf turns an address into the same key for all
// of its sizes, and a size to choose the largest by.

// sizeSegmentWords are path segments followed by a size segment (/max/1600/).
var sizeSegmentWords = map[string]bool{
	"max": true, "w": true, "width": true, "h": true, "height": true, "size": true,
	"s": true, "resize": true, "fit": true, "fill": true, "thumb": true, "thumbnail": true,
}

// sizeParams are query parameters that choose a size.
var sizeParams = []string{"w", "width", "h", "height", "size", "name", "resize", "q", "quality", "dpr"}

// namedSizes ranks the size words services use (name=small); an unknown
// word ranks as medium.
var namedSizes = map[string]int{
	"thumb": 150, "thumbnail": 150, "tiny": 100, "small": 340, "medium": 800, "regular": 1080,
	"large": 2048, "big": 2048, "full": 4096, "hires": 4096, "4096x4096": 4096,
	"orig": originalSize, "original": originalSize, "raw": originalSize,
}

// originalSize is the size given to an address with no size token: the
// original picture, bigger than any resized copy.
const originalSize = 1 << 30

var (
	// sizeAfterWord is a size segment after a size word: /max/1600/, /w/s800/.
	sizeAfterWord = regexp.MustCompile(`^(?:\d+|[wsh]\d+)$`)
	// sizeOnlySegment is a path segment that can only be a size option,
	// wherever it stands: 300x200, resize:fit:1400, c_limit,w_800.
	sizeOnlySegment = regexp.MustCompile(`^(?:\d+x\d+|resize:[a-z]+:\d+|(?:[a-z]{1,3}_[a-z0-9.:]+,)*[wh]_\d+(?:,[a-z]{1,3}_[a-z0-9.:]+)*)$`)
	// optionSegment is a segment of image service options alone, without
	// a size: f_auto,q_auto:good (the original's address beside sized ones).
	optionSegment = regexp.MustCompile(`^[a-z]{1,3}_[a-z0-9.:]+(?:,[a-z]{1,3}_[a-z0-9.:]+)*$`)
	// googleSegment is Google's size segment before the file name:
	// /s1600/, /w1200-h630-p-k-no-nu/, /s72-c/.
	googleSegment = regexp.MustCompile(`^(?:[swh]\d+|w\d+-h\d+)(?:-[a-z0-9]+)*$`)
	// sizeSuffix is a size at the end of a file name: -300x200, _1024x768.
	sizeSuffix = regexp.MustCompile(`[-_](\d+)x\d+$`)
	// googleSize is Google's size option at the end of a path: =s1600, =w800-h600.
	googleSize = regexp.MustCompile(`=[swh](\d+)[-a-z0-9]*$`)
	// firstNumber finds the number in a size token.
	firstNumber = regexp.MustCompile(`\d+`)
)

// variantOf returns the key shared by all sizes of the picture at u and
// the size of this one. Addresses with no size token are their own key and
// count as the original.
func variantOf(u *url.URL) (key string, size int) {
	size = originalSize
	p, s := stripSizeFromPath(u.Path, isGoogleHost(u.Hostname()))
	if s > 0 {
		size = s
	}
	q := u.Query()
	for _, name := range sizeParams {
		v := q.Get(name)
		if v == "" {
			continue
		}
		if name != "q" && name != "quality" && name != "dpr" {
			size = min(size, sizeOfToken(v))
		}
		q.Del(name)
	}
	return strings.ToLower(u.Host) + p + "?" + q.Encode(), size
}

// isGoogleHost says whether host serves Google's pictures (Blogger's,
// Google Photos'), whose addresses carry a size segment: /s1600/.
func isGoogleHost(host string) bool {
	host = strings.ToLower(host)
	return containsAny(host, []string{"googleusercontent.", "blogspot.", "ggpht."})
}

// stripSizeFromPath removes size tokens from a path and returns the
// smallest size they named (0 when none); google says the path is of
// Google's pictures.
func stripSizeFromPath(p string, google bool) (string, int) {
	size := 0
	note := func(token string) {
		if n := sizeOfToken(token); size == 0 || n < size {
			size = n
		}
	}
	if m := googleSize.FindStringSubmatchIndex(p); m != nil {
		note(p[m[2]:m[3]])
		p = p[:m[0]]
	}
	p = stripSizeSegments(p, google, note)
	ext := path.Ext(p)
	stem := strings.TrimSuffix(p, ext)
	if m := sizeSuffix.FindStringSubmatchIndex(stem); m != nil {
		note(stem[m[2]:m[3]])
		p = stem[:m[0]] + ext
	}
	p, s := stripNamedSize(p)
	if s > 0 {
		note(strconv.Itoa(s))
	}
	return p, size
}

// stripSizeSegments removes the segments of a path that name a size,
// telling note each size, and the segments that only name how a picture
// is served; the last segment, the file's name, stays.
func stripSizeSegments(p string, google bool, note func(string)) string {
	segs := strings.Split(p, "/")
	kept := segs[:0]
	for i, seg := range segs {
		lower := strings.ToLower(seg)
		afterWord := i > 0 && sizeSegmentWords[strings.ToLower(segs[i-1])]
		beforeName := i == len(segs)-2
		switch {
		case i == len(segs)-1:
		case sizeSegmentWords[lower] && i+2 < len(segs) && sizeAfterWord.MatchString(strings.ToLower(segs[i+1])):
			continue // the word of a size segment that follows: /size/w600/
		case afterWord && sizeAfterWord.MatchString(lower), sizeOnlySegment.MatchString(lower),
			beforeName && google && googleSegment.MatchString(lower):
			note(lower)
			continue
		case optionSegment.MatchString(lower):
			continue
		}
		kept = append(kept, seg)
	}
	return strings.Join(kept, "/")
}

// sizeOfToken reads the size a token names: its first number, or the rank
// of a size word.
func sizeOfToken(token string) int {
	if n, ok := namedSizes[strings.ToLower(token)]; ok {
		return n
	}
	if m := firstNumber.FindString(token); m != "" {
		if n, err := strconv.Atoi(m); err == nil {
			return n
		}
	}
	return namedSizes["medium"]
}
