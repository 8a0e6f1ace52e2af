package cli

import (
	"fmt"
	"net/http"
	"net/textproto"
	"strconv"
	"strings"

	"github.com/dustin/go-humanize"

	"haul/downloader"
)

// byteRate is the -limit flag: a speed such as 2MB, 500k or 1.5MiB (per
// second, with or without a trailing "/s"); 0 or empty means unlimited.
type byteRate int64

func (b *byteRate) String() string {
	if b == nil || *b == 0 {
		return ""
	}
	return humanize.Bytes(uint64(*b)) + "/s"
}

func (b *byteRate) Set(s string) error {
	n, ok := downloader.ParseSpeed(s)
	if !ok {
		return badValueError(speedValue, strings.TrimSpace(s))
	}
	*b = byteRate(n)
	return nil
}

// byteSize is the -max-size flag: a size such as 500MB, 2GiB or 750k; 0 or
// empty means no limit.
type byteSize int64

func (b *byteSize) String() string {
	if b == nil || *b == 0 {
		return ""
	}
	return humanize.Bytes(uint64(*b))
}

func (b *byteSize) Set(s string) error {
	n, ok := downloader.ParseSize(s)
	if !ok {
		return badValueError(sizeValue, strings.TrimSpace(s))
	}
	*b = byteSize(n)
	return nil
}

// headerList is the repeatable -H flag: "Name: value" request headers.
type headerList struct {
	h http.Header
}

// reservedHeaders are set by the downloader itself; a user value would break
// resuming or the connection.
var reservedHeaders = map[string]bool{
	"Range": true, "If-Range": true, "Host": true, "Content-Length": true,
	"Transfer-Encoding": true, "Connection": true,
}

func (l *headerList) String() string {
	if l == nil || len(l.h) == 0 {
		return ""
	}
	return strconv.Itoa(len(l.h)) + " headers"
}

func (l *headerList) Set(s string) error {
	name, value, ok := strings.Cut(s, ":")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	switch {
	case !ok || name == "":
		return fmt.Errorf("%q is not a header: write it as 'Name: value'", s)
	case !validHeaderName(name):
		return fmt.Errorf("%q is not a valid header name", name)
	case !validHeaderValue(value):
		return fmt.Errorf("the value of header %s contains characters that cannot be sent", name)
	}
	name = textproto.CanonicalMIMEHeaderKey(name)
	if reservedHeaders[name] {
		return fmt.Errorf("header %s cannot be set: Haul sets it itself", name)
	}
	if l.h == nil {
		l.h = http.Header{}
	}
	l.h.Add(name, value)
	return nil
}
