package downloadtest

import (
	"net/http"
	"time"
)

// Option changes how one registered file is served. When an option is given
// twice, the last one wins (except Header, which adds).
type Option func(*file)

// Status makes every request answer code with a small HTML error page.
func Status(code int) Option {
	return func(f *file) { f.status = code }
}

// FailFirst makes the first n requests (any method) answer code with an HTML
// error page and, when retryAfter is not empty, a Retry-After header with that
// value. Later requests are served normally.
func FailFirst(n int, code int, retryAfter string) Option {
	return func(f *file) {
		f.failFirst = int64(n)
		f.failCode = code
		f.retryAfter = retryAfter
	}
}

// CutBody makes responses that start at byte 0 (no Range, or a range starting
// at 0) announce their full length but send only the first at bytes and then
// drop the connection. times limits how many responses are cut (-1: all of
// them). Responses starting at a later offset, such as a resume, are whole.
func CutBody(at int64, times int) Option {
	return func(f *file) {
		f.cutAt = max(at, 0)
		f.cutTimes = int64(times)
	}
}

// StallAfterHeaders makes responses send their headers and the first sent
// bytes of the body, then hang until the client goes away or the server is
// closed, after which the connection is dropped. times limits how many
// responses stall (-1: all of them).
func StallAfterHeaders(sent int64, times int) Option {
	return func(f *file) {
		f.stallSent = max(sent, 0)
		f.stallTimes = int64(times)
	}
}

// SlowFirstByte delays the headers of every response that serves the file
// by d. Error answers from Status, Redirect and FailFirst are not delayed.
// The wait ends early, dropping the connection, when the client goes away
// or the server is closed.
func SlowFirstByte(d time.Duration) Option {
	return func(f *file) { f.slowFirstByte = d }
}

// Latency delays every request to the path by d before anything else
// happens, errors and redirects included, the way a distant server would.
// The wait ends early, dropping the connection, when the client goes away
// or the server is closed.
func Latency(d time.Duration) Option {
	return func(f *file) { f.latency = d }
}

// MaxConnections makes the file's requests beyond n at once answer 503
// with an HTML error page, the way a host that allows each visitor n
// connections does; Refused counts them.
func MaxConnections(n int) Option {
	return func(f *file) { f.maxInFlight = int64(n) }
}

// Throttle sends the body in small flushed chunks paced to bytesPerSec.
func Throttle(bytesPerSec int64) Option {
	return func(f *file) { f.bytesPerSec = bytesPerSec }
}

// NoContentLength sends the body with chunked transfer encoding and no
// Content-Length header.
func NoContentLength() Option {
	return func(f *file) { f.noContentLength = true }
}

// IgnoreRange makes the server ignore Range and If-Range: every response is
// a 200 with the whole body and no Accept-Ranges header.
func IgnoreRange() Option {
	return func(f *file) { f.ignoreRange = true }
}

// WholeForRanges makes the server say it takes ranges (Accept-Ranges:
// bytes) yet answer every request that asks for one with a 200 and the
// whole body, as some servers and caches do.
func WholeForRanges() Option {
	return func(f *file) { f.wholeForRanges = true }
}

// IgnoreIfRange makes the server ignore If-Range but honour Range: a
// resume gets the part of the file asked for, of whatever version the
// server has now.
func IgnoreIfRange() Option {
	return func(f *file) { f.ignoreIfRange = true }
}

// NoValidators removes the ETag and Last-Modified headers, so If-Range can
// never match.
func NoValidators() Option {
	return func(f *file) { f.noValidators = true }
}

// ChangeAfter replaces the content with newBody for every request after the
// first n; the ETag and Last-Modified change with it.
func ChangeAfter(n int, newBody []byte) Option {
	return func(f *file) {
		f.changeAfter = int64(n)
		f.changed = newVersion(newBody, firstModTime.Add(time.Hour))
	}
}

// Header adds a response header to every response for the path, such as
// Content-Disposition, or Content-Type to override the type guessed from the
// extension. Error pages and redirects set their own Content-Type.
func Header(name, value string) Option {
	return func(f *file) {
		f.headers = append(f.headers, headerField{name: http.CanonicalHeaderKey(name), value: value})
	}
}

// Redirect answers every request with a redirect of the given status code to
// to, a path on this server or an absolute URL.
func Redirect(to string, code int) Option {
	return func(f *file) {
		f.redirectTo = to
		f.redirectCode = code
	}
}
