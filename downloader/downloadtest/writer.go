package downloadtest

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// maxThrottleChunk bounds the chunk size of a throttled body, so even fast
// rates are paced smoothly.
const maxThrottleChunk = 32 << 10

// responseWriter counts the body bytes written to the client and, once
// armFaults has been called, applies the file's body faults: cut, stall,
// throttle and header rewrites.
type responseWriter struct {
	w       http.ResponseWriter
	flusher http.Flusher
	server  *Server
	ctx     context.Context
	isHead  bool

	faults      *file
	wroteHeader bool

	cutLeft   int64 // bytes before the connection is dropped; -1: never
	stallLeft int64 // bytes before the response stalls; -1: never

	bytesPerSec int64
	chunk       int
	paceStart   time.Time
	paced       int64
}

// newResponseWriter wraps w for one request.
func newResponseWriter(s *Server, w http.ResponseWriter, r *http.Request) *responseWriter {
	flusher, _ := w.(http.Flusher)
	return &responseWriter{
		w:         w,
		flusher:   flusher,
		server:    s,
		ctx:       r.Context(),
		isHead:    r.Method == http.MethodHead,
		cutLeft:   -1,
		stallLeft: -1,
	}
}

// armFaults makes the response about to be written follow f's body faults.
func (w *responseWriter) armFaults(f *file) {
	w.faults = f
	if f.bytesPerSec > 0 {
		w.bytesPerSec = f.bytesPerSec
		w.chunk = int(min(max(f.bytesPerSec/50, 1), maxThrottleChunk))
	}
}

// Header returns the response headers.
func (w *responseWriter) Header() http.Header {
	return w.w.Header()
}

// WriteHeader rewrites headers and decides the body faults for this response,
// then sends the status line and headers. Informational (1xx) responses pass
// straight through.
func (w *responseWriter) WriteHeader(code int) {
	if code < http.StatusOK {
		w.w.WriteHeader(code)
		return
	}
	if w.wroteHeader {
		return
	}
	w.wroteHeader = true
	if w.faults != nil {
		w.prepare(code)
	}
	w.w.WriteHeader(code)
}

// prepare applies the file's header faults and arms the cut and the stall
// when this response carries the file's body.
func (w *responseWriter) prepare(code int) {
	f := w.faults
	h := w.w.Header()
	length, err := strconv.ParseInt(h.Get("Content-Length"), 10, 64)
	if err != nil {
		length = -1
	}
	if f.noContentLength {
		h.Del("Content-Length")
		h.Set("Transfer-Encoding", "chunked")
	}
	if f.ignoreRange {
		h.Del("Accept-Ranges")
	}
	if w.isHead || (code != http.StatusOK && code != http.StatusPartialContent) {
		return
	}
	fits := func(n int64) bool { return length < 0 || n < length }
	if f.cutAt >= 0 && startsAtZero(code, h) && fits(f.cutAt) && takeTurn(&f.cuts, f.cutTimes) {
		w.cutLeft = f.cutAt
	}
	if f.stallSent >= 0 && fits(f.stallSent) && takeTurn(&f.stalls, f.stallTimes) {
		w.stallLeft = f.stallSent
	}
}

// startsAtZero reports whether a 200 or single-range 206 response begins
// with the file's first byte.
func startsAtZero(code int, h http.Header) bool {
	if code == http.StatusOK {
		return true
	}
	return strings.HasPrefix(h.Get("Content-Range"), "bytes 0-")
}

// Write sends p, splitting it where a fault takes effect or where throttling
// paces the body.
func (w *responseWriter) Write(p []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if w.bytesPerSec > 0 && w.paceStart.IsZero() {
		w.paceStart = time.Now()
	}
	written := 0
	for len(p) > 0 {
		if w.cutLeft == 0 {
			w.flush()
			abort()
		}
		if w.stallLeft == 0 {
			w.flush()
			w.server.hold(w.ctx)
			abort()
		}
		chunk := p[:w.nextChunk(len(p))]
		if w.bytesPerSec > 0 {
			w.pace(int64(len(chunk)))
		}
		// Count before writing, so a client never sees bytes not yet counted.
		w.server.bytesSent.Add(int64(len(chunk)))
		n, err := w.w.Write(chunk)
		w.server.bytesSent.Add(int64(n - len(chunk)))
		written += n
		w.advance(int64(n))
		if err != nil {
			return written, err
		}
		p = p[n:]
		if w.bytesPerSec > 0 {
			w.flush()
		}
	}
	return written, nil
}

// nextChunk is how many of the n pending bytes may be written before the
// next fault or pacing point.
func (w *responseWriter) nextChunk(n int) int {
	if w.cutLeft >= 0 && w.cutLeft < int64(n) {
		n = int(w.cutLeft)
	}
	if w.stallLeft >= 0 && w.stallLeft < int64(n) {
		n = int(w.stallLeft)
	}
	if w.bytesPerSec > 0 && w.chunk < n {
		n = w.chunk
	}
	return n
}

// advance moves the fault and pacing positions past n written bytes.
func (w *responseWriter) advance(n int64) {
	if w.cutLeft > 0 {
		w.cutLeft -= n
	}
	if w.stallLeft > 0 {
		w.stallLeft -= n
	}
	w.paced += n
}

// pace waits until n more bytes may be sent without exceeding the throttled
// rate, dropping the connection if the client goes away or the server closes.
func (w *responseWriter) pace(n int64) {
	due := w.paceStart.Add(time.Duration(float64(w.paced+n) / float64(w.bytesPerSec) * float64(time.Second)))
	if !w.server.pause(w.ctx, time.Until(due)) {
		abort()
	}
}

// Flush sends buffered data to the client.
func (w *responseWriter) Flush() {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	w.flush()
}

// flush pushes buffered bytes to the connection.
func (w *responseWriter) flush() {
	if w.flusher != nil {
		w.flusher.Flush()
	}
}

// Unwrap gives http.ResponseController access to the underlying writer.
func (w *responseWriter) Unwrap() http.ResponseWriter {
	return w.w
}

// abort drops the connection without an error being logged.
func abort() {
	panic(http.ErrAbortHandler)
}
