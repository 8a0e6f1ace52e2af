package naming

import (
	"net/url"
	"strings"
)

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
		return strings.NewReplacer("/", "_", `\`, "_").Replace(segment)
	}
	return ""
}
