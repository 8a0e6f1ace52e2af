package downloader

import (
	"fmt"
	"io"
)

// tooLargeError is a body that went on past the size limit.
type tooLargeError struct{ limit int64 }

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("the file is larger than the size limit of %d bytes", e.limit)
}

// capReader fails a body once it goes past the size limit, for answers
// that announce no length (or lie about it).
type capReader struct {
	r     io.Reader
	left  int64
	limit int64
}

// capBody limits a body that starts at offset to the size limit (0: no limit).
func capBody(r io.Reader, limit, offset int64) io.Reader {
	if limit <= 0 {
		return r
	}
	return &capReader{r: r, left: limit - offset, limit: limit}
}

// Read reads at most one byte past the limit, which is enough to know the
// body is too large.
func (c *capReader) Read(p []byte) (int, error) {
	if int64(len(p)) > c.left+1 {
		p = p[:max(c.left+1, 1)]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n, &tooLargeError{limit: c.limit}
	}
	return n, err
}

// tooLarge is the failure of a file beyond the size limit; a new try
// would bring the same file.
func tooLarge(limit int64) verdict {
	return verdict{err: &ItemError{Kind: ErrTooLarge, Reason: ReasonTooLarge, Size: limit, Err: &tooLargeError{limit: limit}}}
}
