package pages

import (
	"encoding/json"
	"strconv"
	"strings"
)

// urlKeys are the keys under which data names a picture's address.
var urlKeys = map[string]bool{
	"url": true, "src": true, "uri": true, "href": true, "contenturl": true,
	"content_url": true, "display_url": true, "image": true, "imageurl": true, "image_url": true,
	"media_url": true, "media_url_https": true,
}

// widthKeys and heightKeys give a picture's size in data.
var (
	widthKeys  = map[string]bool{"width": true, "w": true, "config_width": true, "original_width": true}
	heightKeys = map[string]bool{"height": true, "h": true, "config_height": true, "original_height": true}
)

// variantListKeys name arrays that hold one picture at several sizes
// (Instagram's display_resources and candidates, a CMS's renditions), as
// opposed to a gallery of different pictures.
var variantListKeys = map[string]bool{
	"display_resources": true, "candidates": true, "sizes": true, "variants": true,
	"renditions": true, "resolutions": true, "versions": true, "formats": true, "sources": true,
}

// thumbnailWords mark keys whose picture is a smaller copy of another in
// the same object (thumbnailUrl beside contentUrl, preview beside src).
var thumbnailWords = []string{"thumb", "preview", "placeholder", "blur", "lqip", "small"}

// schemaPictureKeys are schema.org properties whose value is a picture
// whatever its address looks like.
var schemaPictureKeys = map[string]bool{"image": true, "contenturl": true, "thumbnailurl": true}

// dataWalker collects the pictures named in decoded JSON data.
type dataWalker struct {
	add    func(found)
	source string
	// schema is set for JSON-LD, where the image and contentUrl
	// properties name pictures even without an image file name.
	schema bool
}

// walk visits a value found under key (lower-cased; "" at the top).
func (w dataWalker) walk(v any, key string) {
	switch t := v.(type) {
	case string:
		if w.isPicture(t, key) {
			w.add(found{raw: t, source: w.source})
		}
	case []any:
		w.walkArray(t, key)
	case jsonObject:
		w.walkObject(t)
	}
}

// isPicture reports whether a string under key is a picture address.
func (w dataWalker) isPicture(s, key string) bool {
	if namesPicture(s) {
		return true
	}
	return w.schema && schemaPictureKeys[key] && looksLikeAddress(strings.TrimSpace(s))
}

// walkArray takes the largest of an array of sized copies of one picture
// (Instagram's display_resources, a CMS's renditions), else visits each
// element.
func (w dataWalker) walkArray(arr []any, key string) {
	if best, ok := w.largestVariant(arr); ok && variantListKeys[key] {
		w.add(best)
		return
	}
	for _, e := range arr {
		w.walk(e, key)
	}
}

// largestVariant returns the widest picture of an array whose elements are
// all sized pictures; ok is false for any other array.
func (w dataWalker) largestVariant(arr []any) (found, bool) {
	if len(arr) < 2 {
		return found{}, false
	}
	var best found
	for _, e := range arr {
		obj, isObj := e.(jsonObject)
		if !isObj {
			return found{}, false
		}
		f, ok := w.sizedPicture(obj)
		if !ok || f.width == 0 {
			return found{}, false
		}
		if f.width > best.width {
			best = f
		}
	}
	return best, !isIconSized(strconv.Itoa(best.width), strconv.Itoa(best.height))
}

// walkObject visits an object. An object describing one picture (its
// address beside its size) gives that picture; an object offering one
// picture at named sizes gives the largest; thumbnails beside a full-size
// address are skipped.
func (w dataWalker) walkObject(obj jsonObject) {
	if f, ok := w.sizedPicture(obj); ok {
		if !isIconSized(strconv.Itoa(f.width), strconv.Itoa(f.height)) {
			w.add(f)
		}
		w.walkRest(obj)
		return
	}
	if f, ok := w.largestNamedSize(obj); ok {
		w.add(f)
		return
	}
	full := w.hasFullPicture(obj)
	for _, m := range obj {
		k := strings.ToLower(m.key)
		if full && isThumbnailKey(k) {
			continue
		}
		w.walk(m.val, k)
	}
}

// walkRest visits the nested members of a picture object, which can hold
// further pictures (a post's carousel); its other strings are copies or
// thumbnails of the picture itself.
func (w dataWalker) walkRest(obj jsonObject) {
	for _, m := range obj {
		k := strings.ToLower(m.key)
		if _, isString := m.val.(string); isString || isThumbnailKey(k) {
			continue
		}
		w.walk(m.val, k)
	}
}

// sizedPicture reads an object that gives a picture's address and width
// or height.
func (w dataWalker) sizedPicture(obj jsonObject) (found, bool) {
	var f found
	for _, m := range obj {
		k := strings.ToLower(m.key)
		switch {
		case urlKeys[k] && f.raw == "":
			if s, ok := m.val.(string); ok && w.isPicture(s, k) {
				f.raw = s
			}
		case widthKeys[k]:
			f.width = number(m.val)
		case heightKeys[k]:
			f.height = number(m.val)
		}
	}
	f.source = w.source
	f.pixelW, f.pixelH = f.width, f.height
	return f, f.raw != "" && (f.width > 0 || f.height > 0)
}

// largestNamedSize reads an object whose keys are size words (thumb,
// small, large, orig) naming copies of one picture, and returns the
// largest.
func (w dataWalker) largestNamedSize(obj jsonObject) (found, bool) {
	best, bestRank, count := found{}, 0, 0
	for _, m := range obj {
		rank, sized := namedSizes[strings.ToLower(m.key)]
		if !sized {
			continue
		}
		raw := ""
		switch v := m.val.(type) {
		case string:
			raw = v
		case jsonObject:
			if f, ok := w.sizedPicture(v); ok {
				raw = f.raw
			}
		}
		if raw == "" || !w.isPicture(raw, "") {
			continue
		}
		count++
		if rank > bestRank {
			best, bestRank = found{raw: raw, source: w.source}, rank
		}
	}
	return best, count >= 2
}

// hasFullPicture reports whether an object names a picture under a key
// that is not a thumbnail's.
func (w dataWalker) hasFullPicture(obj jsonObject) bool {
	for _, m := range obj {
		k := strings.ToLower(m.key)
		if s, ok := m.val.(string); ok && !isThumbnailKey(k) && w.isPicture(s, k) {
			return true
		}
	}
	return false
}

// isThumbnailKey reports whether a key names a smaller copy of a picture.
func isThumbnailKey(k string) bool {
	for _, word := range thumbnailWords {
		if strings.Contains(k, word) {
			return true
		}
	}
	return false
}

// number reads a size given as a JSON number or a numeric string ("800",
// "800px"); 0 when it is neither.
func number(v any) int {
	switch t := v.(type) {
	case json.Number:
		f, err := t.Float64()
		if err == nil && f > 0 && f < 1e6 {
			return int(f)
		}
	case string:
		if n, ok := parseDimension(t); ok {
			return n
		}
	}
	return 0
}
