package downloader

import "errors"

// The causes with which the engine ends a try it interrupts.
var (
	errPaused   = errors.New("paused")
	errCanceled = errors.New("canceled")
	errStopped  = errors.New("stopped")
	errYielded  = errors.New("back to the queue: fewer downloads at once")
)
