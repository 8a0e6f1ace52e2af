package downloader

import (
	"net/http"
	"strings"
)

// partTag is what a temporary file says of itself: the link it belongs to
// and the version of the file its bytes are from. It lets a run whose
// queue was lost (deleted, damaged, or -state off) recognise the
// temporary files an earlier run left, and resume them.
type partTag struct {
	link, etag, modified string
	// compact holds a note read back in compact form (a small file's, see
	// noteSums), whose link and version are known only by their sums; nil
	// for a note in words.
	compact *noteSums
}

// responseTag is the tag of a temporary file started from resp for link.
func responseTag(link string, h http.Header) partTag {
	return partTag{link: link, etag: h.Get("ETag"), modified: h.Get("Last-Modified")}
}

// versionText is the version as stored: the ETag and Last-Modified on two
// lines (header values never hold a line break).
func (t partTag) versionText() string { return t.etag + "\n" + t.modified }

// parseVersionText reads what versionText wrote.
func parseVersionText(s string) (etag, modified string) {
	etag, modified, _ = strings.Cut(s, "\n")
	return etag, modified
}

// sameVersion says the bytes tagged t are of the version now offered:
// both carry the same strong ETag, or, without ETags, the same
// Last-Modified. Without a validator nothing can be known to match.
func (t partTag) sameVersion(now partTag) bool {
	if t.compact != nil || now.compact != nil {
		return t.sums().sameVersion(now.sums())
	}
	if strongETag(t.etag) || strongETag(now.etag) {
		return t.etag == now.etag
	}
	return t.modified != "" && t.modified == now.modified
}

// hasVersion says the tag knows which version of the file it holds.
func (t partTag) hasVersion() bool {
	if t.compact != nil {
		return t.compact.hasVersion()
	}
	return strongETag(t.etag) || t.modified != ""
}

// isFor says the tag notes link, however it is spelled.
func (t partTag) isFor(link string) bool {
	if t.compact != nil {
		return t.compact.link == sumOfLink(link)
	}
	return sameLink(t.link, link)
}

// strongETag says the ETag can vouch for the bytes: present and not weak.
func strongETag(etag string) bool { return etag != "" && !strings.HasPrefix(etag, "W/") }
