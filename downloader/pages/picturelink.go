package pages

import (
	"net/url"
	"path"
	"strings"
)

// imageFormats are the format names image services accept in a query
// (format=jpg, fm=webp) to say which kind of picture to send.
var imageFormats = map[string]bool{
	"jpg": true, "jpeg": true, "png": true, "gif": true, "webp": true, "avif": true,
}

// formatParams are the query parameters image services read a format from.
var formatParams = []string{"format", "fm", "ext"}

// cdnShapes are the host and path shapes of image services whose addresses
// name no file extension. A host entry matches the host or any subdomain.
var cdnShapes = []struct {
	host       string
	pathPrefix string
	pathPart   string
}{
	{pathPart: "/image/upload/"},                   // Cloudinary
	{host: "pbs.twimg.com", pathPrefix: "/media/"}, // X/Twitter media
	{host: "images.unsplash.com", pathPrefix: "/photo-"},
	{host: "googleusercontent.com"}, // Google Photos and Blogger
	{host: "i.pinimg.com"},
	{host: "cdninstagram.com"},
	{host: "fbcdn.net"},
}

// namesPicture reports whether a string found in structured data or script
// JSON is the address of a picture: an absolute, protocol-relative or
// root-relative address whose path ends in an image file name, whose query
// asks an image service for an image format, or whose shape is that of a
// known image service.
func namesPicture(raw string) bool {
	raw = strings.Trim(raw, htmlSpace)
	if !looksLikeAddress(raw) {
		return false
	}
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	if imageExtensions[strings.ToLower(path.Ext(u.Path))] {
		return true
	}
	q := u.Query()
	for _, p := range formatParams {
		if imageFormats[strings.ToLower(q.Get(p))] {
			return true
		}
	}
	return u.Host != "" && matchesCDN(strings.ToLower(u.Hostname()), u.Path)
}

// looksLikeAddress reports whether raw is written as an http(s),
// protocol-relative or root-relative address, the only forms kept from
// data: a relative word such as "photo.jpg" in JSON is too often a label.
func looksLikeAddress(raw string) bool {
	switch {
	case hasPrefixFold(raw, "https://"), hasPrefixFold(raw, "http://"):
		return true
	case strings.HasPrefix(raw, "/"):
		return len(raw) > 1 && !strings.ContainsAny(raw, " \t\n")
	}
	return false
}

// matchesCDN reports whether host and path have the shape of an image
// service's picture address.
func matchesCDN(host, p string) bool {
	for _, s := range cdnShapes {
		if s.host != "" && host != s.host && !strings.HasSuffix(host, "."+s.host) {
			continue
		}
		if s.pathPrefix != "" && !strings.HasPrefix(p, s.pathPrefix) {
			continue
		}
		if s.pathPart != "" && !strings.Contains(p, s.pathPart) {
			continue
		}
		return true
	}
	return false
}
