package cookies

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// MaxFileSize is the largest cookies.txt Haul reads (16 MiB): a browser's
// export of every site's cookies is a few hundred kilobytes.
const MaxFileSize = 16 << 20

// MaxDatabaseSize is the largest browser cookie database (or its
// write-ahead log) Haul copies and reads (128 MiB).
const MaxDatabaseSize = 128 << 20

// errNotRegular is the cause of a NotAFile error.
var errNotRegular = errors.New("not a regular file")

// openBounded opens path for reading only when it is a regular file (a link
// is followed to what it names) of at most limit bytes. A device such as
// /dev/zero, a named pipe or a folder is refused without being read, and
// opening never waits for a pipe's writer.
func openBounded(path string, limit int64) (*os.File, error) {
	f, err := os.OpenFile(path, openFlags, 0)
	if err != nil {
		return nil, &Error{Kind: Unreadable, Path: path, Err: err}
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, &Error{Kind: Unreadable, Path: path, Err: err}
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, &Error{Kind: NotAFile, Path: path, Err: fmt.Errorf("%w (%s)", errNotRegular, info.Mode().Type())}
	}
	if info.Size() > limit {
		f.Close()
		return nil, tooLarge(path, info.Size(), limit)
	}
	return f, nil
}

// tooLarge is the error for a file of size bytes over limit.
func tooLarge(path string, size, limit int64) error {
	return &Error{Kind: TooLarge, Path: path, Size: size, Limit: limit, Err: fmt.Errorf("%d bytes, limit %d", size, limit)}
}

// boundedReader reads at most limit bytes of a file that grows while it is
// read, then fails: what was checked at opening stays true while reading.
type boundedReader struct {
	r     io.Reader
	path  string
	left  int64
	limit int64
}

func newBoundedReader(f *os.File, limit int64) *boundedReader {
	return &boundedReader{r: f, path: f.Name(), left: limit, limit: limit}
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, tooLarge(b.path, b.limit+1, b.limit)
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return n, tooLarge(b.path, b.limit+1, b.limit)
	}
	return n, err
}
