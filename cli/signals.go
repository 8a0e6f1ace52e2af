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

// outputGone says whether haul's output is a pipe nobody reads any more.
// A SIGPIPE is raised too by a write to a connection a server closed, and
// that one must not stop the run.
var outputGone = stdioBroken

// withInterrupts returns a context that ends when parent does or at the
// first Ctrl+C (SIGINT), SIGTERM or SIGHUP, whichever comes first; a second
// one exits the process with code 130 at once. Writing to a closed pipe
// (SIGPIPE, as when the output goes to "head") also ends the context, but
// never exits at once: haul stops as gracefully as after Ctrl+C, without a
// word, since nobody reads its output any more. release stops listening.
func withInterrupts(parent context.Context) (ctx context.Context, release func()) {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
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
// until done is closed. SIGPIPE only ever stops, and only when haul's own
// output is closed: every write to the closed pipe raises it again, and a
// write to a connection a server closed raises it as well.
func watchInterrupts(sigs <-chan os.Signal, done <-chan struct{}, stop func(), exit func(int)) {
	stopped := false
	for {
		select {
		case sig := <-sigs:
			if sig == syscall.SIGPIPE && (stopped || !outputGone()) {
				continue
			}
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
