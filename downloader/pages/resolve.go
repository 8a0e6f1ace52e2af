package pages

import (
	"net/url"
	"strings"
)

// baseURL returns the address relative links are resolved against: the
// document's first <base href>, itself resolved against the page address,
// or the page address when there is no usable base.
func (s *scan) baseURL(page *url.URL) *url.URL {
	if !s.haveBase {
		return page
	}
	if b, ok := resolve(page, s.baseHref); ok {
		return b
	}
	return page
}

// resolveNext returns the absolute address of the rel=next page, or "".
func (s *scan) resolveNext(base *url.URL) string {
	if !s.haveNext {
		return ""
	}
	u, ok := resolve(base, s.nextHref)
	if !ok {
		return ""
	}
	return u.String()
}

// resolveImages turns the collected addresses into deduplicated images.
// Sizes of one picture (variantOf) count as one image, at the largest size
// mentioned, in the place of its first mention, with what every mention
// says of it (see mergeFit).
func (s *scan) resolveImages(base, page *url.URL) []Image {
	images := make([]Image, 0, len(s.found))
	sizes := make([]int, 0, len(s.found))
	seen := make(map[string]int, len(s.found))
	variants := make(map[string]int, len(s.found))
	pageAddr := withoutFragment(page).String()
	for _, f := range s.found {
		u, ok := resolve(base, f.raw)
		if !ok || looksLikeIcon(u.Path) {
			continue
		}
		addr := u.String()
		if i, dup := seen[addr]; dup {
			fillIn(&images[i], f)
			mergeFit(&images[i].fit, f, false)
			continue
		}
		key, size := variantOf(u)
		if i, same := variants[key]; same {
			seen[addr] = i
			images[i].fit.copies++
			bigger := size > sizes[i]
			if bigger {
				sizes[i] = size
				images[i] = biggerCopy(images[i], addr, f)
			}
			mergeFit(&images[i].fit, f, bigger)
			continue
		}
		seen[addr], variants[key] = len(images), len(images)
		sizes = append(sizes, size)
		images = append(images, Image{
			URL: addr, Page: pageAddr, Alt: f.alt,
			Width: f.width, Height: f.height, Source: f.source, fit: f.fitOf(),
		})
	}
	return images
}

// biggerCopy returns img moved to a larger copy of its picture at addr,
// keeping its alt text when the new mention has none.
func biggerCopy(img Image, addr string, f found) Image {
	img.URL, img.Source, img.Width, img.Height = addr, f.source, f.width, f.height
	if f.alt != "" {
		img.Alt = f.alt
	}
	return img
}

// fillIn completes an image's missing alt text and size from a later
// mention of the same address.
func fillIn(img *Image, f found) {
	if img.Alt == "" {
		img.Alt = f.alt
	}
	if img.Width == 0 && img.Height == 0 {
		img.Width, img.Height = f.width, f.height
	}
}

// resolve makes a raw address absolute against base. ok is false for empty
// and data: addresses and for anything but http and https.
func resolve(base *url.URL, raw string) (*url.URL, bool) {
	raw = strings.Trim(raw, htmlSpace)
	if raw == "" || hasPrefixFold(raw, "data:") {
		return nil, false
	}
	ref, err := url.Parse(raw)
	if err != nil {
		return nil, false
	}
	u := base.ResolveReference(ref)
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, false
	}
	return withoutFragment(u), true
}

// withoutFragment returns u without its #fragment.
func withoutFragment(u *url.URL) *url.URL {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return &c
}
