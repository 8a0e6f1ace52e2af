package cli

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// exitNow ends the process; a second Ctrl+C calls it so that haul quits at
// once even when stopping gracefully takes too long.
var exitNow = os.Exit

// withInterrupts returns a context that ends when parent does or at the
// first Ctrl+C (SIGINT) or SIGTERM, whichever comes first; a second signal
// exits the process with code 130 at once. release stops listening.
func withInterrupts(parent context.Context) (ctx context.Context, release func()) {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancel(parent)
	done := make(chan struct{})
	watching := make(chan struct{})
	go func() {
		defer close(watching)
		watchInterrupts(sigs, done, cancel, exitNow)
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		<-watching
		cancel()
	}
}

// watchInterrupts calls stop on the first signal and exit on the second,
// until done is closed.
func watchInterrupts(sigs <-chan os.Signal, done <-chan struct{}, stop func(), exit func(int)) {
	stopped := false
	for {
		select {
		case <-sigs:
			if stopped {
				exit(exitInterrupted)
				return
			}
			stopped = true
			stop()
		case <-done:
			return
		}
	}
}
