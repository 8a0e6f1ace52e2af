package markup

import "strings"

// imageMetaNames are the <meta> property or name values that give a page's
// representative picture (Open Graph and Twitter cards).
var imageMetaNames = map[string]bool{
	"og:image": true, "og:image:url": true, "og:image:secure_url": true,
	"twitter:image": true, "twitter:image:src": true,
}

// mediaMetaNames are the <meta> property values that give a page's video or
// sound file.
var mediaMetaNames = map[string]bool{
	"og:video": true, "og:video:url": true, "og:video:secure_url": true,
	"og:audio": true, "og:audio:url": true, "og:audio:secure_url": true,
}

// IsImageMeta reports whether a <meta> tag's property (or name) value, such
// as "og:image", says its content is the page's picture. Case and
// surrounding space do not matter.
func IsImageMeta(name string) bool {
	return imageMetaNames[normalizeMetaName(name)]
}

// IsMediaMeta reports whether a <meta> tag's property (or name) value says
// its content is a picture, video or sound file of the page.
func IsMediaMeta(name string) bool {
	name = normalizeMetaName(name)
	return imageMetaNames[name] || mediaMetaNames[name]
}

func normalizeMetaName(name string) string {
	return strings.ToLower(strings.TrimSpace(name))
}
