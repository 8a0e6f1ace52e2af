package downloadtest

import (
	"fmt"
	"hash/crc32"
	"mime"
	"path"
	"sync/atomic"
	"time"
)

// firstModTime is the Last-Modified time of every file as registered;
// a content change made by ChangeAfter moves it one hour later.
var firstModTime = time.Date(2024, time.March, 1, 12, 0, 0, 0, time.UTC)

// version is one content of a file together with its validators.
type version struct {
	body    []byte
	etag    string
	modTime time.Time
}

// castagnoli is the CRC-32C table; CRC-32C is hardware-accelerated, so even
// large bodies get their ETag quickly.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// newVersion derives a strong ETag from the length and a checksum of body.
func newVersion(body []byte, modTime time.Time) version {
	etag := fmt.Sprintf(`"%x-%08x"`, len(body), crc32.Checksum(body, castagnoli))
	return version{body: body, etag: etag, modTime: modTime}
}

// headerField is one extra response header.
type headerField struct {
	name, value string
}

// file is a registered path: its content, its faults and its own counters.
// Options set the fields before the file is served; afterwards only the
// atomic counters change.
type file struct {
	name        string
	contentType string
	first       version

	changeAfter int64
	changed     version

	status       int
	redirectTo   string
	redirectCode int
	failFirst    int64
	failCode     int
	retryAfter   string

	latency       time.Duration
	slowFirstByte time.Duration
	bytesPerSec   int64

	cutAt      int64
	cutTimes   int64
	stallSent  int64
	stallTimes int64

	noContentLength bool
	ignoreRange     bool
	noValidators    bool
	ignoreIfRange   bool
	wholeForRanges  bool
	headers         []headerField

	maxInFlight int64

	requests atomic.Int64
	inFlight atomic.Int64
	refused  atomic.Int64
	cuts     atomic.Int64
	stalls   atomic.Int64
}

// newFile builds a file served at name with body, then applies opts.
func newFile(name string, body []byte, opts []Option) *file {
	contentType := mime.TypeByExtension(path.Ext(name))
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	f := &file{
		name:        name,
		contentType: contentType,
		first:       newVersion(body, firstModTime),
		changeAfter: -1,
		cutAt:       -1,
		stallSent:   -1,
	}
	for _, opt := range opts {
		opt(f)
	}
	return f
}

// versionFor is the content the n-th request (counting from 1) sees.
func (f *file) versionFor(n int64) version {
	if f.changeAfter >= 0 && n > f.changeAfter {
		return f.changed
	}
	return f.first
}

// takeTurn reports whether one more response may use a fault limited to
// times responses (times < 0: every response), counting it in used.
func takeTurn(used *atomic.Int64, times int64) bool {
	return times < 0 || used.Add(1) <= times
}
