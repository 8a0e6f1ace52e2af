package rules

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

	"haul/downloader/itemstate"
	"haul/downloader/throttle"
	"haul/downloader/transfer"
)

// retryableStatus lists the HTTP statuses worth trying again besides the
// ones that may be a site asking us to slow down (statusRefusal): a 404 or
// 410 is requested exactly once.
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

// statusVerdict decides what a non-success status means. A status that
// may be the site asking us to slow down is worth another try too: a link
// the site refuses for good fails after its tries.
func statusVerdict(resp *http.Response, now time.Time, head []byte, signs ThrottleSigns) Verdict {
	v := Verdict{Err: HTTPError(resp.StatusCode), Retry: retryableStatus[resp.StatusCode],
		Throttle: statusRefusal(resp.StatusCode, head, signs)}
	if v.Throttle != throttle.Neutral {
		v.Retry = true
	}
	if v.Retry {
		v.MinWait, _ = parseRetryAfter(resp.Header.Get("Retry-After"), now)
		v.SlowDown = slowDownStatus(resp.StatusCode) || v.Throttle == throttle.Refusal
	}
	return v
}

// ErrTooManyRedirects and ErrRedirectScheme are the engine's refusals to
// follow a redirect: one too many, or one away from http(s).
var (
	ErrTooManyRedirects = errors.New("too many redirects")
	ErrRedirectScheme   = errors.New("redirect to a non-http link")
)

// transportVerdict decides what an error from the client or the body means.
// The caller has already ruled out a pause, cancel or stop of the item.
func transportVerdict(err error, host string) Verdict {
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
func linkVerdict(err error) (Verdict, bool) {
	var urlErr *url.Error
	switch {
	case errors.Is(err, ErrTooManyRedirects):
		return Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrRedirect, Reason: itemstate.ReasonRedirectLoop, Err: err}}, true
	case errors.Is(err, ErrRedirectScheme):
		return Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrRedirect, Reason: itemstate.ReasonRedirectScheme, Err: err}}, true
	case errors.As(err, &urlErr) && otherScheme(urlErr.URL):
		return Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrBadLink, Reason: itemstate.ReasonNotHTTP, Err: err}}, true
	}
	return Verdict{}, false
}

// networkVerdict explains a connection that failed, stalled or broke; all
// are worth another try except a site name that does not exist.
func networkVerdict(err error, host string) Verdict {
	var dnsErr *net.DNSError
	var netErr net.Error
	switch {
	case errors.Is(err, transfer.ErrIdle):
		return Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrTimeout, Reason: itemstate.ReasonStalled, Err: err}}
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrShortBody, Reason: itemstate.ReasonCutShort, Err: err}}
	case errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE):
		return Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrTooManyOpen, Reason: itemstate.ReasonTooManyOpen, Err: err}}
	case errors.As(err, &dnsErr):
		return Verdict{Retry: !dnsErr.IsNotFound, Err: &itemstate.ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonHostUnknown, Host: host, Err: err}}
	case errors.Is(err, syscall.ECONNREFUSED):
		return Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonRefused, Host: host, Err: err}}
	case errors.As(err, &netErr) && netErr.Timeout() || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded):
		return Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrTimeout, Reason: itemstate.ReasonSlowAnswer, Host: host, Err: err}}
	}
	return Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonConnection, Host: host, Err: err}}
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

// Backoff is the wait before attempt number next (2 for the first retry):
// exponential with full jitter, capped, and never less than minWait.
func Backoff(base, limit time.Duration, next int, minWait time.Duration) time.Duration {
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

// otherScheme says the address a request failed for has a scheme that is
// not http or https: the client refuses to ask such an address.
func otherScheme(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https"
}
