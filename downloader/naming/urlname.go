package naming

import (
	"net/url"
	"strings"
)

// slashes turns both kinds of path separator into '_', so a value cannot
// add folders to a name.
var slashes = strings.NewReplacer("/", "_", `\`, "_")

// urlName returns the last non-empty segment of u's path, percent-decoded,
// or "" when there is none. Query and fragment are not part of the path.
// An encoded slash (%2F) stays inside the segment as '_', so it cannot act
// as a separator.
func urlName(u *url.URL) string {
	if u == nil {
		return ""
	}
	segments := strings.Split(u.EscapedPath(), "/")
	for i := len(segments) - 1; i >= 0; i-- {
		if segments[i] == "" {
			continue
		}
		segment, err := url.PathUnescape(segments[i])
		if err != nil {
			segment = segments[i]
		}
		return slashes.Replace(segment)
	}
	return ""
}
