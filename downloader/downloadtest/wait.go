package downloadtest

import (
	"context"
	"time"
)

// pause waits for d and reports true, or reports false as soon as ctx is
// done or the server is closing.
func (s *Server) pause(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	case <-s.closing:
		return false
	}
}

// hold waits until ctx is done or the server is closing.
func (s *Server) hold(ctx context.Context) {
	select {
	case <-ctx.Done():
	case <-s.closing:
	}
}
