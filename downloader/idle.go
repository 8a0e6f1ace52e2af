package downloader

import (
	"context"
	"errors"
	"io"
	"time"

	"haul/downloader/sniff"
)

// idleReader cancels the attempt when a Read waits longer than the idle
// timeout: a stalled server cannot hold a slot forever, while a slow but
// moving download is never cut. Time spent outside Read (writing, waiting
// for the byte limiter) does not count.
type idleReader struct {
	r     io.Reader
	d     time.Duration
	timer *time.Timer
}

func newIdleReader(r io.Reader, d time.Duration, cancel context.CancelCauseFunc) *idleReader {
	t := time.AfterFunc(time.Hour, func() { cancel(errIdle) })
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
// enough to tell what the file really is.
func readHead(r io.Reader) ([]byte, error) {
	head := make([]byte, sniff.HeadSize)
	n, err := io.ReadFull(r, head)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = nil
	}
	return head[:n], err
}
