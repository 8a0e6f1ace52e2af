package pages

import (
	"path"
	"strconv"
	"strings"
)

// imageExtensions are the file extensions that name a picture.
var imageExtensions = map[string]bool{
	".jpg": true, ".jpeg": true, ".png": true, ".gif": true, ".webp": true,
	".avif": true, ".bmp": true, ".tif": true, ".tiff": true, ".svg": true,
}

// placeholderNames are the stand-in images lazy-loading pages show before
// the real picture arrives.
var placeholderNames = map[string]bool{
	"blank.gif": true, "spacer.gif": true, "pixel.gif": true, "none.gif": true, "grey-pixel.gif": true,
	"transparent.gif": true, "clear.gif": true, "empty.gif": true, "1x1.gif": true,
	"blank.png": true, "spacer.png": true, "pixel.png": true, "transparent.png": true,
}

// iconWords mark addresses of icons and sprite sheets rather than pictures.
var iconWords = []string{"favicon", "sprite", "apple-touch-icon"}

// iconSize is the largest width or height an img can have and still be an
// icon or tracking pixel rather than a picture.
const iconSize = 32

// addressPath returns the path part of a raw address, without its query or
// fragment, in lower case.
func addressPath(raw string) string {
	if i := strings.IndexAny(raw, "?#"); i >= 0 {
		raw = raw[:i]
	}
	return strings.ToLower(raw)
}

// namesImageFile reports whether a raw address ends in an image file name.
// A wiki's description page of a file (/wiki/File:Harbour.jpg), whose last
// segment starts with a namespace and a colon, is a page, not the file.
func namesImageFile(raw string) bool {
	p := addressPath(strings.Trim(raw, htmlSpace))
	return imageExtensions[path.Ext(p)] && !strings.Contains(path.Base(p), ":")
}

// isPlaceholder reports whether a raw address is a data: URI or a tiny
// stand-in image rather than a real picture.
func isPlaceholder(raw string) bool {
	raw = strings.Trim(raw, htmlSpace)
	if hasPrefixFold(raw, "data:") {
		return true
	}
	return placeholderNames[path.Base(addressPath(raw))]
}

// looksLikeIcon reports whether an address path names an icon or sprite.
func looksLikeIcon(urlPath string) bool {
	p := strings.ToLower(urlPath)
	for _, w := range iconWords {
		if strings.Contains(p, w) {
			return true
		}
	}
	return false
}

// isIconSized reports whether width or height attributes make an img an
// icon or tracking pixel.
func isIconSized(width, height string) bool {
	w, wok := parseDimension(width)
	h, hok := parseDimension(height)
	return (wok && w <= iconSize) || (hok && h <= iconSize)
}

// parseDimension reads the number at the start of a width or height
// attribute ("200", "200px"); ok is false when there is none.
func parseDimension(s string) (int, bool) {
	s = strings.Trim(s, htmlSpace)
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	n, err := strconv.Atoi(s[:end])
	return n, err == nil
}

// hasPrefixFold reports whether s starts with prefix, ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
