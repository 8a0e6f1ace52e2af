package downloader

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// retryableStatus lists the HTTP statuses worth trying again; every other
// 4xx is permanent, so a 403 or 404 is requested exactly once.
var retryableStatus = map[int]bool{
	http.StatusRequestTimeout:      true, // 408
	http.StatusTooEarly:            true, // 425
	http.StatusTooManyRequests:     true, // 429
	http.StatusInternalServerError: true, // 500
	http.StatusBadGateway:          true, // 502
	http.StatusServiceUnavailable:  true, // 503
	http.StatusGatewayTimeout:      true, // 504
}

// slowDownStatus are the statuses by which a site asks us to slow down.
func slowDownStatus(code int) bool {
	return code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable
}

// verdict is the outcome of one failed attempt.
type verdict struct {
	err   *ItemError
	retry bool
	// minWait is the server's Retry-After, the least we wait before the next attempt.
	minWait time.Duration
	// slowDown says the site asked us to slow down (429/503).
	slowDown bool
}

// statusVerdict decides what a non-success status means.
func statusVerdict(resp *http.Response, now time.Time) verdict {
	v := verdict{err: httpError(resp.StatusCode), retry: retryableStatus[resp.StatusCode]}
	if v.retry {
		v.minWait, _ = parseRetryAfter(resp.Header.Get("Retry-After"), now)
		v.slowDown = slowDownStatus(resp.StatusCode)
	}
	return v
}

// transportVerdict decides what an error from the client or the body means.
// The caller has already ruled out a pause, cancel or stop of the item.
func transportVerdict(err error, u *url.URL) verdict {
	host := u.Hostname()
	if v, ok := answerVerdict(err, host); ok {
		return v
	}
	if v, ok := linkVerdict(err); ok {
		return v
	}
	return networkVerdict(err, host)
}

// linkVerdict recognises links that lead nowhere downloadable: redirect
// loops, redirects away from http(s), and unsupported schemes.
func linkVerdict(err error) (verdict, bool) {
	var urlErr *url.Error
	switch {
	case errors.Is(err, errTooManyRedirects):
		return verdict{err: &ItemError{Kind: ErrRedirect, Reason: ReasonRedirectLoop, Err: err}}, true
	case errors.Is(err, errRedirectScheme):
		return verdict{err: &ItemError{Kind: ErrRedirect, Reason: ReasonRedirectScheme, Err: err}}, true
	case errors.As(err, &urlErr) && strings.Contains(urlErr.Err.Error(), "unsupported protocol scheme"):
		return verdict{err: &ItemError{Kind: ErrBadLink, Reason: ReasonNotHTTP, Err: err}}, true
	}
	return verdict{}, false
}

// networkVerdict explains a connection that failed, stalled or broke; all
// are worth another try except a site name that does not exist.
func networkVerdict(err error, host string) verdict {
	var dnsErr *net.DNSError
	var netErr net.Error
	switch {
	case errors.Is(err, errIdle):
		return verdict{retry: true, err: &ItemError{Kind: ErrTimeout, Reason: ReasonStalled, Err: err}}
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return verdict{retry: true, err: &ItemError{Kind: ErrShortBody, Reason: ReasonCutShort, Err: err}}
	case errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE):
		return verdict{retry: true, err: &ItemError{Kind: ErrTooManyOpen, Reason: ReasonTooManyOpen, Err: err}}
	case errors.As(err, &dnsErr):
		return verdict{retry: !dnsErr.IsNotFound, err: &ItemError{Kind: ErrNetwork, Reason: ReasonHostUnknown, Host: host, Err: err}}
	case errors.Is(err, syscall.ECONNREFUSED):
		return verdict{retry: true, err: &ItemError{Kind: ErrNetwork, Reason: ReasonRefused, Host: host, Err: err}}
	case errors.As(err, &netErr) && netErr.Timeout() || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded):
		return verdict{retry: true, err: &ItemError{Kind: ErrTimeout, Reason: ReasonSlowAnswer, Host: host, Err: err}}
	}
	return verdict{retry: true, err: &ItemError{Kind: ErrNetwork, Reason: ReasonConnection, Host: host, Err: err}}
}

// parseRetryAfter reads a Retry-After header: delay-seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	// A number too large to read asks for longer than Haul ever waits, as
	// a large one does (ParseInt gives the largest number then).
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) {
		if secs < 0 {
			return 0, false
		}
		if secs > int64(24*time.Hour/time.Second) {
			secs = int64(24 * time.Hour / time.Second)
		}
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := t.Sub(now)
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}

// backoff is the wait before attempt number next (2 for the first retry):
// exponential with full jitter, capped, and never less than minWait.
func backoff(base, limit time.Duration, next int, minWait time.Duration) time.Duration {
	ceiling := limit
	if shift := max(next-2, 0); shift < 30 {
		if c := base << shift; c > 0 && c < limit {
			ceiling = c
		}
	}
	d := time.Duration(rand.Int64N(int64(ceiling) + 1))
	if d < minWait {
		d = minWait
	}
	return d
}
