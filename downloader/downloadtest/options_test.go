package downloadtest

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// step is one request of a table case and what its response must look like.
type step struct {
	method         string            // GET when empty
	header         map[string]string // request headers
	wantStatus     int
	wantHeader     map[string]string // "" means the header must be absent
	wantBody       []byte            // nil: not checked
	wantBodyPrefix string            // checked when not empty
	wantReadErr    error             // nil: the body must read cleanly
	wantChunked    bool
	wantMinElapsed time.Duration
}

func TestOptions(t *testing.T) {
	body := Data(10000, 1)
	newBody := Data(8000, 2)
	first := newVersion(body, firstModTime)
	changed := newVersion(newBody, firstModTime.Add(time.Hour))
	lastModified := firstModTime.Format(http.TimeFormat)
	size := strconv.Itoa(len(body))
	errorPage := "<!DOCTYPE html>"

	cases := []struct {
		name  string
		path  string
		opts  []Option
		steps []step
	}{
		{
			name: "default GET",
			path: "/file",
			steps: []step{{
				wantStatus: 200,
				wantHeader: map[string]string{
					"ETag": first.etag, "Last-Modified": lastModified, "Accept-Ranges": "bytes",
					"Content-Type": "application/octet-stream", "Content-Length": size,
				},
				wantBody: body,
			}},
		},
		{
			name:  "content type from extension",
			path:  "/photo.jpg",
			steps: []step{{wantStatus: 200, wantHeader: map[string]string{"Content-Type": "image/jpeg"}, wantBody: body}},
		},
		{
			name:  "HEAD sends headers only",
			path:  "/file",
			steps: []step{{method: http.MethodHead, wantStatus: 200, wantHeader: map[string]string{"Content-Length": size, "ETag": first.etag}, wantBody: []byte{}}},
		},
		{
			name:  "POST not allowed",
			path:  "/file",
			steps: []step{{method: http.MethodPost, wantStatus: 405, wantHeader: map[string]string{"Allow": "GET, HEAD"}, wantBodyPrefix: errorPage}},
		},
		{
			name: "range",
			path: "/file",
			steps: []step{{
				header:     map[string]string{"Range": "bytes=100-"},
				wantStatus: 206,
				wantHeader: map[string]string{"Content-Range": "bytes 100-9999/10000", "Content-Length": "9900"},
				wantBody:   body[100:],
			}},
		},
		{
			name: "range beyond the end",
			path: "/file",
			steps: []step{{
				header:     map[string]string{"Range": "bytes=20000-"},
				wantStatus: 416,
				wantHeader: map[string]string{"Content-Range": "bytes */10000"},
			}},
		},
		{
			name:  "If-Range with the ETag",
			path:  "/file",
			steps: []step{{header: map[string]string{"Range": "bytes=100-", "If-Range": first.etag}, wantStatus: 206, wantBody: body[100:]}},
		},
		{
			name:  "If-Range with the date",
			path:  "/file",
			steps: []step{{header: map[string]string{"Range": "bytes=100-", "If-Range": lastModified}, wantStatus: 206, wantBody: body[100:]}},
		},
		{
			name:  "If-Range mismatch sends the whole file",
			path:  "/file",
			steps: []step{{header: map[string]string{"Range": "bytes=100-", "If-Range": `"stale"`}, wantStatus: 200, wantHeader: map[string]string{"Content-Range": ""}, wantBody: body}},
		},
		{name: "Status 404", path: "/file", opts: []Option{Status(404)}, steps: []step{statusStep(404)}},
		{name: "Status 403", path: "/file", opts: []Option{Status(403)}, steps: []step{statusStep(403)}},
		{name: "Status 410", path: "/file", opts: []Option{Status(410)}, steps: []step{statusStep(410)}},
		{name: "Status 500", path: "/file", opts: []Option{Status(500)}, steps: []step{statusStep(500), statusStep(500)}},
		{
			name: "FailFirst with Retry-After",
			path: "/file",
			opts: []Option{FailFirst(2, 503, "7")},
			steps: []step{
				{wantStatus: 503, wantHeader: map[string]string{"Retry-After": "7", "Content-Type": "text/html; charset=utf-8"}, wantBodyPrefix: errorPage},
				{wantStatus: 503, wantHeader: map[string]string{"Retry-After": "7"}, wantBodyPrefix: errorPage},
				{wantStatus: 200, wantHeader: map[string]string{"Retry-After": ""}, wantBody: body},
			},
		},
		{
			name: "FailFirst without Retry-After",
			path: "/file",
			opts: []Option{FailFirst(1, 429, "")},
			steps: []step{
				{wantStatus: 429, wantHeader: map[string]string{"Retry-After": ""}, wantBodyPrefix: errorPage},
				{wantStatus: 200, wantBody: body},
			},
		},
		{
			name: "CutBody once, then resume",
			path: "/file",
			opts: []Option{CutBody(1000, 1)},
			steps: []step{
				{wantStatus: 200, wantHeader: map[string]string{"Content-Length": size}, wantBody: body[:1000], wantReadErr: io.ErrUnexpectedEOF},
				{
					header:     map[string]string{"Range": "bytes=1000-", "If-Range": first.etag},
					wantStatus: 206,
					wantHeader: map[string]string{"Content-Range": "bytes 1000-9999/10000"},
					wantBody:   body[1000:],
				},
				{wantStatus: 200, wantBody: body},
			},
		},
		{
			name: "CutBody every time from byte 0 only",
			path: "/file",
			opts: []Option{CutBody(1000, -1)},
			steps: []step{
				{wantStatus: 200, wantBody: body[:1000], wantReadErr: io.ErrUnexpectedEOF},
				{header: map[string]string{"Range": "bytes=0-"}, wantStatus: 206, wantBody: body[:1000], wantReadErr: io.ErrUnexpectedEOF},
				{method: http.MethodHead, wantStatus: 200, wantBody: []byte{}},
				{header: map[string]string{"Range": "bytes=10-"}, wantStatus: 206, wantBody: body[10:]},
				{wantStatus: 200, wantBody: body[:1000], wantReadErr: io.ErrUnexpectedEOF},
			},
		},
		{
			name:  "CutBody before the first byte",
			path:  "/file",
			opts:  []Option{CutBody(0, 1)},
			steps: []step{{wantStatus: 200, wantBody: []byte{}, wantReadErr: io.ErrUnexpectedEOF}, {wantStatus: 200, wantBody: body}},
		},
		{
			name:  "CutBody with IgnoreRange cuts ranged requests too",
			path:  "/file",
			opts:  []Option{CutBody(500, -1), IgnoreRange()},
			steps: []step{{header: map[string]string{"Range": "bytes=500-"}, wantStatus: 200, wantBody: body[:500], wantReadErr: io.ErrUnexpectedEOF}},
		},
		{
			name:  "SlowFirstByte",
			path:  "/file",
			opts:  []Option{SlowFirstByte(50 * time.Millisecond)},
			steps: []step{{wantStatus: 200, wantBody: body, wantMinElapsed: 50 * time.Millisecond}},
		},
		{
			name:  "SlowFirstByte does not delay failures",
			path:  "/file",
			opts:  []Option{SlowFirstByte(time.Hour), FailFirst(1, 503, "")},
			steps: []step{{wantStatus: 503, wantBodyPrefix: errorPage}},
		},
		{
			name:  "Latency delays errors too",
			path:  "/file",
			opts:  []Option{Latency(50 * time.Millisecond), Status(404)},
			steps: []step{{wantStatus: 404, wantMinElapsed: 50 * time.Millisecond}},
		},
		{
			name:  "Throttle",
			path:  "/file",
			opts:  []Option{Throttle(40000)},
			steps: []step{{wantStatus: 200, wantHeader: map[string]string{"Content-Length": size}, wantBody: body, wantMinElapsed: 250 * time.Millisecond}},
		},
		{
			name: "NoContentLength",
			path: "/file",
			opts: []Option{NoContentLength()},
			steps: []step{
				{wantStatus: 200, wantHeader: map[string]string{"Content-Length": ""}, wantChunked: true, wantBody: body},
				{header: map[string]string{"Range": "bytes=9000-"}, wantStatus: 206, wantHeader: map[string]string{"Content-Length": ""}, wantChunked: true, wantBody: body[9000:]},
			},
		},
		{
			name: "IgnoreRange",
			path: "/file",
			opts: []Option{IgnoreRange()},
			steps: []step{
				{header: map[string]string{"Range": "bytes=100-", "If-Range": first.etag}, wantStatus: 200, wantHeader: map[string]string{"Accept-Ranges": "", "Content-Range": ""}, wantBody: body},
			},
		},
		{
			name: "NoValidators",
			path: "/file",
			opts: []Option{NoValidators()},
			steps: []step{
				{wantStatus: 200, wantHeader: map[string]string{"ETag": "", "Last-Modified": ""}, wantBody: body},
				{header: map[string]string{"Range": "bytes=100-"}, wantStatus: 206, wantBody: body[100:]},
				{header: map[string]string{"Range": "bytes=100-", "If-Range": first.etag}, wantStatus: 200, wantBody: body},
				{header: map[string]string{"Range": "bytes=100-", "If-Range": lastModified}, wantStatus: 200, wantBody: body},
			},
		},
		{
			name: "ChangeAfter",
			path: "/file",
			opts: []Option{ChangeAfter(1, newBody)},
			steps: []step{
				{wantStatus: 200, wantHeader: map[string]string{"ETag": first.etag}, wantBody: body},
				{
					header:     map[string]string{"Range": "bytes=100-", "If-Range": first.etag},
					wantStatus: 200,
					wantHeader: map[string]string{"ETag": changed.etag, "Last-Modified": firstModTime.Add(time.Hour).Format(http.TimeFormat)},
					wantBody:   newBody,
				},
				{header: map[string]string{"Range": "bytes=100-", "If-Range": changed.etag}, wantStatus: 206, wantBody: newBody[100:]},
			},
		},
		{
			name:  "Header adds Content-Disposition",
			path:  "/download",
			opts:  []Option{Header("Content-Disposition", `attachment; filename="cat.jpg"`)},
			steps: []step{{wantStatus: 200, wantHeader: map[string]string{"Content-Disposition": `attachment; filename="cat.jpg"`}, wantBody: body}},
		},
		{
			name:  "Header overrides Content-Type",
			path:  "/photo.jpg",
			opts:  []Option{Header("content-type", "text/plain")},
			steps: []step{{wantStatus: 200, wantHeader: map[string]string{"Content-Type": "text/plain"}, wantBody: body}},
		},
		{
			name:  "Redirect",
			path:  "/old",
			opts:  []Option{Redirect("/new", 301)},
			steps: []step{{wantStatus: 301, wantHeader: map[string]string{"Location": "/new"}}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newServer(t)
			s.Handle(tc.path, body, tc.opts...)
			var received int64
			for i, st := range tc.steps {
				received += runStep(t, s.URL(tc.path), i, st)
			}
			if got := s.Hits(tc.path); got != len(tc.steps) {
				t.Errorf("Hits = %d, want %d", got, len(tc.steps))
			}
			if got := s.BytesSent(); got != received {
				t.Errorf("BytesSent = %d, want the %d body bytes the client received", got, received)
			}
		})
	}
}

// statusStep expects an HTML error page with code.
func statusStep(code int) step {
	return step{
		wantStatus:     code,
		wantHeader:     map[string]string{"Content-Type": "text/html; charset=utf-8", "ETag": "", "Accept-Ranges": ""},
		wantBodyPrefix: "<!DOCTYPE html>",
	}
}

// checkHeaders compares the headers of step i with the wanted ones; an
// empty wanted value means the header must be absent.
func checkHeaders(t *testing.T, i int, h http.Header, wanted map[string]string) {
	t.Helper()
	for name, want := range wanted {
		got, present := h[http.CanonicalHeaderKey(name)]
		switch {
		case want == "" && present:
			t.Errorf("step %d: header %s = %q, want none", i, name, got)
		case want != "" && h.Get(name) != want:
			t.Errorf("step %d: header %s = %q, want %q", i, name, h.Get(name), want)
		}
	}
}

// runStep performs st against url and returns how many body bytes arrived.
func runStep(t *testing.T, url string, i int, st step) int64 {
	t.Helper()
	method := st.method
	if method == "" {
		method = http.MethodGet
	}
	start := time.Now()
	resp, body, readErr := fetch(t, noRedirectClient, method, url, st.header)
	elapsed := time.Since(start)
	if resp.StatusCode != st.wantStatus {
		t.Errorf("step %d: status %d, want %d", i, resp.StatusCode, st.wantStatus)
	}
	checkHeaders(t, i, resp.Header, st.wantHeader)
	if st.wantBody != nil && !bytes.Equal(body, st.wantBody) {
		t.Errorf("step %d: got %d body bytes, want %d (equal: %v)", i, len(body), len(st.wantBody), bytes.Equal(body, st.wantBody))
	}
	if !strings.HasPrefix(string(body), st.wantBodyPrefix) {
		t.Errorf("step %d: body starts %.40q, want %q", i, body, st.wantBodyPrefix)
	}
	if !errors.Is(readErr, st.wantReadErr) {
		t.Errorf("step %d: read error %v, want %v", i, readErr, st.wantReadErr)
	}
	chunked := len(resp.TransferEncoding) == 1 && resp.TransferEncoding[0] == "chunked"
	if chunked != st.wantChunked {
		t.Errorf("step %d: transfer encoding %v, want chunked %v", i, resp.TransferEncoding, st.wantChunked)
	}
	if st.wantChunked && resp.ContentLength != -1 {
		t.Errorf("step %d: ContentLength %d, want unknown", i, resp.ContentLength)
	}
	if elapsed < st.wantMinElapsed {
		t.Errorf("step %d: answered after %v, want at least %v", i, elapsed, st.wantMinElapsed)
	}
	return int64(len(body))
}
