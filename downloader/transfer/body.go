package transfer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"haul/downloader/sniff"
)

// idleReader cancels the try when a Read waits longer than the idle
// timeout: a stalled server cannot hold a slot forever, while a slow but
// moving download is never cut. Time spent outside Read (writing, waiting
// for the byte limiter) does not count.
type idleReader struct {
	r     io.Reader
	d     time.Duration
	timer *time.Timer
}

func newIdleReader(r io.Reader, d time.Duration, cancel context.CancelCauseFunc) *idleReader {
	t := time.AfterFunc(time.Hour, func() { cancel(ErrIdle) })
	t.Stop()
	return &idleReader{r: r, d: d, timer: t}
}

func (ir *idleReader) Read(p []byte) (int, error) {
	ir.timer.Reset(ir.d)
	n, err := ir.r.Read(p)
	ir.timer.Stop()
	return n, err
}

func (ir *idleReader) stop() { ir.timer.Stop() }

// readHead reads the first bytes of a body (less when the body is shorter),
// enough to tell what the file really is. total is the announced length
// (negative when unknown): a shorter body needs no bigger buffer.
func readHead(r io.Reader, total int64) ([]byte, error) {
	size := sniff.HeadSize
	if total >= 0 && total < int64(size) {
		size = int(total)
	}
	head := make([]byte, size)
	n, err := io.ReadFull(r, head)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = nil
	}
	return head[:n], err
}

// TooLargeError is a body that went on past the size limit.
type TooLargeError struct{ Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the file is larger than the size limit of %d bytes", e.Limit)
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
		return n, &TooLargeError{Limit: c.limit}
	}
	return n, err
}
