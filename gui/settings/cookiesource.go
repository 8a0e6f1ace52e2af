package settings

import (
	"strings"

	"haul/downloader/cookies"
)

// CookiesFilePrefix marks a cookie source that is a cookies.txt file.
const CookiesFilePrefix = "file:"

// ReadCookies reads a cookie source: a browser NAME[:PROFILE], or
// CookiesFilePrefix and the path of a cookies.txt.
func ReadCookies(source string) ([]cookies.Cookie, error) {
	if path, ok := strings.CutPrefix(source, CookiesFilePrefix); ok && path != "" {
		return cookies.ReadFile(path)
	}
	src, err := cookies.ParseSource(source)
	if err != nil {
		return nil, err
	}
	return cookies.FromBrowser(src)
}
