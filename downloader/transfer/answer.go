package transfer

import (
	"context"
	"net/http"
	"os"
	"strconv"
	"strings"
)

// resumePoint is where the temporary file ends, when it can be resumed:
// it is the item's, not empty, and its version is known. A file whose
// answer named no version (no strong ETag, no Last-Modified) is fetched
// again from byte 0, as browsers do: nothing tells whether the server
// still has the bytes it holds, and appending the rest of another version
// to them would save a file that never existed.
func resumePoint(j Job) (int64, bool) {
	if j.Part == "" {
		return 0, false
	}
	fi, err := os.Lstat(j.Part)
	if err != nil || !fi.Mode().IsRegular() {
		return 0, false
	}
	if len(j.Holes) > 0 {
		return j.Holes[0].Start, j.Validator != "" && j.Total > 0
	}
	if fi.Size() == 0 || j.Validator == "" {
		return 0, false
	}
	return fi.Size(), true
}

// takesRanges says the server answers requests for parts of the file:
// it says so, or it just did.
func takesRanges(resp *http.Response) bool {
	return resp.StatusCode == http.StatusPartialContent || strings.EqualFold(resp.Header.Get("Accept-Ranges"), "bytes")
}

// request makes the GET for one try, with Range and If-Range when resuming.
func request(ctx context.Context, j Job, offset int64, resuming bool) *http.Request {
	req := j.Request.Clone(ctx)
	if resuming {
		req.Header.Set("Range", "bytes="+strconv.FormatInt(offset, 10)+"-")
		req.Header.Set("If-Range", j.Validator)
	}
	return req
}

// span is the part of the file an answer carries: from offset to total
// (-1 when the size is unknown).
type span struct{ offset, total int64 }

// checkAnswer reads the status and headers of an answer: the span of the
// file it carries (ok), or how the try ends when it carries none.
func checkAnswer(j Job, resp *http.Response, offset int64, resuming bool) (s span, e Ending, ok bool) {
	code := resp.StatusCode
	switch {
	case code == http.StatusPartialContent && resuming:
		if s, e, ok = partialSpan(j, resp.Header, offset); !ok {
			return s, e, false
		}
	case code == http.StatusOK && labelledPart(resp):
		return s, WrongPart, false
	case code == http.StatusOK:
		s = span{offset: 0, total: resp.ContentLength}
	case code == http.StatusPartialContent && wholeFile(resp):
		s = span{offset: 0, total: resp.ContentLength}
	case code == http.StatusRequestedRangeNotSatisfiable && resuming:
		return s, CannotResume, false
	case code >= 200 && code < 300:
		return s, NoFile, false
	default:
		return s, Refused, false
	}
	return boundedSpan(j, resp.Header, s)
}

// boundedSpan checks the span of an answer against how it is encoded and
// the size limit: an encoded answer is read from its start only and its
// size is known once decoded.
func boundedSpan(j Job, h http.Header, s span) (span, Ending, bool) {
	if encs := encodings(h); len(encs) > 0 {
		if s.offset > 0 {
			return s, CannotResume, false // a part of encoded bytes cannot be decoded alone, nor spliced with decoded ones
		}
		if decodable(encs) {
			s.total = -1 // the length announced is the encoded one; the size limit counts decoded bytes
		}
	}
	if j.MaxSize > 0 && s.total > j.MaxSize {
		return s, TooLarge, false
	}
	return s, 0, true
}

// partialSpan checks a partial answer (206) to a resume: the same version
// of the file, from the byte asked for.
func partialSpan(j Job, h http.Header, offset int64) (span, Ending, bool) {
	if changedSince(j, h) {
		return span{}, Changed, false
	}
	start, _, size, ok := parseContentRange(h.Get("Content-Range"))
	if !ok || start != offset || (j.Total > 0 && size >= 0 && size != j.Total) {
		return span{}, WrongPart, false
	}
	return span{offset: offset, total: size}, 0, true
}

// changedSince says a partial answer may come from another version of the
// file than the temporary file was started with: its ETag or Last-Modified
// differs, or it has no ETag though the file had one. A server sends the
// ETag with a 206 whenever it would with a 200 (RFC 9110, 15.3.7); one
// that leaves it out may have ignored If-Range, and its bytes could be
// another version's.
func changedSince(j Job, h http.Header) bool {
	etag, modified := h.Get("ETag"), h.Get("Last-Modified")
	return j.ETag != "" && etag != j.ETag ||
		j.Modified != "" && modified != "" && modified != j.Modified
}

// labelledPart says an answer carries a Content-Range of less than the
// whole file: a part of the file, even when its status says 200.
func labelledPart(resp *http.Response) bool {
	return resp.Header.Get("Content-Range") != "" && !wholeFile(resp)
}

// wholeFile says a partial answer (206) to a request for the whole file
// holds the whole file all the same, as some servers answer every request:
// its range is "bytes 0-LAST/SIZE" with LAST the file's last byte, and its
// length, SIZE.
func wholeFile(resp *http.Response) bool {
	start, last, size, ok := parseContentRange(resp.Header.Get("Content-Range"))
	return ok && start == 0 && size > 0 && last == size-1 && resp.ContentLength == size
}

// parseContentRange reads "bytes START-LAST/SIZE"; last is -1 when it is
// not a number, size is -1 for "*".
func parseContentRange(v string) (start, last, size int64, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimSpace(v), "bytes ")
	if !found {
		return 0, 0, 0, false
	}
	span, sizeText, found := strings.Cut(rest, "/")
	if !found {
		return 0, 0, 0, false
	}
	startText, lastText, found := strings.Cut(span, "-")
	if !found {
		return 0, 0, 0, false
	}
	start, err := strconv.ParseInt(startText, 10, 64)
	if err != nil || start < 0 {
		return 0, 0, 0, false
	}
	last, err = strconv.ParseInt(lastText, 10, 64)
	if err != nil {
		last = -1
	}
	if sizeText == "*" {
		return start, last, -1, true
	}
	size, err = strconv.ParseInt(sizeText, 10, 64)
	if err != nil || size <= start {
		return 0, 0, 0, false
	}
	return start, last, size, true
}
