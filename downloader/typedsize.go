package downloader

import (
	"strings"

	"github.com/dustin/go-humanize"
)

// largestTypedSize bounds sizes read from text, far beyond any real file or
// speed, so that they always fit in an int64.
const largestTypedSize = 1 << 62

// ParseSize reads a size as people type it, for MaxSize: "500MB", "2 GiB",
// "750k", "1.5 mb". Empty text or "0" is 0 (no limit). It reports false for
// text that is not a size.
func ParseSize(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	n, err := humanize.ParseBytes(s)
	if err != nil || n > largestTypedSize {
		return 0, false
	}
	return int64(n), true
}

// ParseSpeed reads a speed as people type it, for BytesPerSec: a size per
// second, with or without "/s" or "ps": "2MB/s", "500k", "1.5 MiBps".
// Empty text or "0" is 0 (unlimited). It reports false for text that is
// not a speed.
func ParseSpeed(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	for _, perSecond := range []string{"/s", "ps"} {
		if len(s) > len(perSecond) && strings.EqualFold(s[len(s)-len(perSecond):], perSecond) {
			return ParseSize(s[:len(s)-len(perSecond)])
		}
	}
	return ParseSize(s)
}
