package downloadtest

import (
	"bytes"
	"net/http"
	"time"
)

// serveFile answers one request for f, applying its faults in this order:
// Latency, Status, Redirect, FailFirst, method check, SlowFirstByte, then
// the content with its body faults.
func (s *Server) serveFile(w *responseWriter, r *http.Request, f *file) {
	n := f.requests.Add(1)
	if !s.pause(r.Context(), f.latency) {
		abort()
	}
	if f.maxInFlight > 0 {
		if f.inFlight.Add(1) > f.maxInFlight {
			f.inFlight.Add(-1)
			f.refused.Add(1)
			writeErrorPage(w, r, http.StatusServiceUnavailable)
			return
		}
		defer f.inFlight.Add(-1)
	}
	h := w.Header()
	for _, field := range f.headers {
		h[field.name] = append(h[field.name], field.value)
	}
	switch {
	case f.status != 0:
		writeErrorPage(w, r, f.status)
		return
	case f.redirectTo != "":
		http.Redirect(w, r, f.redirectTo, f.redirectCode)
		return
	case n <= f.failFirst:
		if f.retryAfter != "" {
			h.Set("Retry-After", f.retryAfter)
		}
		writeErrorPage(w, r, f.failCode)
		return
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		h.Set("Allow", "GET, HEAD")
		writeErrorPage(w, r, http.StatusMethodNotAllowed)
		return
	}
	if !s.pause(r.Context(), f.slowFirstByte) {
		abort()
	}
	v := f.versionFor(n)
	if h.Get("Content-Type") == "" {
		h.Set("Content-Type", f.contentType)
	}
	modTime := v.modTime
	if f.noValidators {
		modTime = time.Time{}
	} else {
		h.Set("ETag", v.etag)
	}
	w.armFaults(f)
	http.ServeContent(w, f.asSeen(r), f.name, modTime, bytes.NewReader(v.body))
}

// asSeen is r as a server that ignores Range (IgnoreRange,
// WholeForRanges), or only If-Range (IgnoreIfRange), reads it.
func (f *file) asSeen(r *http.Request) *http.Request {
	switch {
	case f.ignoreRange, f.wholeForRanges:
		return without(r, "Range", "If-Range")
	case f.ignoreIfRange:
		return without(r, "If-Range")
	}
	return r
}

// without returns a copy of r without the headers named.
func without(r *http.Request, names ...string) *http.Request {
	r = r.WithContext(r.Context())
	r.Header = r.Header.Clone()
	for _, name := range names {
		r.Header.Del(name)
	}
	return r
}
