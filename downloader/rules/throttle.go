package rules

import (
	"bytes"
	"net/http"
	"slices"

	"haul/downloader/itemstate"
	"haul/downloader/throttle"
)

// ThrottleSigns are a site's own ways of saying "slow down", from its rule.
type ThrottleSigns struct {
	// Statuses are the statuses by which the site says it.
	Statuses []int
	// Text is a text in the first bytes of the answer that says it,
	// matched without regard to case.
	Text string
}

// slowDownWords are texts by which sites commonly say "too many requests"
// on a page, in English and Chinese.
var slowDownWords = [][]byte{
	[]byte("too many requests"), []byte("rate limit"), []byte("rate-limit"), []byte("slow down"),
	[]byte("请求过于频繁"), []byte("访问过于频繁"), []byte("操作过于频繁"), []byte("请求太频繁"), []byte("访问太频繁"),
}

// saysSlowDown says the first bytes of an answer ask us to slow down, in
// the site's own words or in common ones.
func saysSlowDown(head []byte, signs ThrottleSigns) bool {
	lower := bytes.ToLower(head)
	if signs.Text != "" && bytes.Contains(lower, bytes.ToLower([]byte(signs.Text))) {
		return true
	}
	for _, w := range slowDownWords {
		if bytes.Contains(lower, w) {
			return true
		}
	}
	return false
}

// statusRefusal says whether an error status may be the site asking us to
// slow down: surely for 429 and the statuses its rule names, possibly for
// a 503 and any 4xx but 404 and 410.
func statusRefusal(code int, head []byte, signs ThrottleSigns) throttle.Kind {
	switch {
	case code == http.StatusTooManyRequests || slices.Contains(signs.Statuses, code):
		return throttle.Refusal
	case code == http.StatusNotFound || code == http.StatusGone:
		return throttle.Neutral
	case code >= 400 && code < 500 || code == http.StatusServiceUnavailable:
		if saysSlowDown(head, signs) {
			return throttle.Refusal
		}
		return throttle.Possible
	}
	return throttle.Neutral
}

// pageRefusal is the verdict on text where a picture was expected: the
// site may be saying "slow down" on a page; it is tried again.
func pageRefusal(e *itemstate.ItemError, head []byte, signs ThrottleSigns) Verdict {
	v := Verdict{Err: e, Retry: true, Throttle: throttle.Possible}
	if saysSlowDown(head, signs) {
		v.Throttle = throttle.Refusal
	}
	return v
}
