package cli

import (
	"context"
	"os"
	"syscall"
	"testing"
)

func TestFirstSignalStopsSecondExits(t *testing.T) {
	sigs := make(chan os.Signal)
	done := make(chan struct{})
	stops, exits := make(chan struct{}, 2), make(chan int, 2)
	watching := make(chan struct{})
	go func() {
		defer close(watching)
		watchInterrupts(sigs, done, func() { stops <- struct{}{} }, func(code int) { exits <- code })
	}()
	sigs <- os.Interrupt
	<-stops
	select {
	case code := <-exits:
		t.Fatalf("the first signal exited with %d; it should only stop", code)
	default:
	}
	sigs <- syscall.SIGTERM
	if code := <-exits; code != exitInterrupted {
		t.Errorf("the second signal exited with %d, want %d", code, exitInterrupted)
	}
	<-watching
	if len(stops) != 0 {
		t.Error("the second signal stopped again instead of exiting")
	}
}

func TestHangUpStopsLikeTerminate(t *testing.T) {
	sigs := make(chan os.Signal)
	done := make(chan struct{})
	stops, exits := make(chan struct{}, 2), make(chan int, 2)
	watching := make(chan struct{})
	go func() {
		defer close(watching)
		watchInterrupts(sigs, done, func() { stops <- struct{}{} }, func(code int) { exits <- code })
	}()
	sigs <- syscall.SIGHUP
	<-stops
	sigs <- syscall.SIGHUP
	if code := <-exits; code != exitInterrupted {
		t.Errorf("the second SIGHUP exited with %d, want %d", code, exitInterrupted)
	}
	<-watching
}

func TestClosedPipeOnlyStops(t *testing.T) {
	outputGone = func() bool { return true }
	t.Cleanup(func() { outputGone = stdioBroken })
	sigs := make(chan os.Signal)
	done := make(chan struct{})
	stops := make(chan struct{}, 5)
	watching := make(chan struct{})
	go func() {
		defer close(watching)
		watchInterrupts(sigs, done, func() { stops <- struct{}{} }, func(code int) { t.Errorf("a closed pipe exited with %d", code) })
	}()
	for range 5 {
		sigs <- syscall.SIGPIPE
	}
	close(done)
	<-watching
	if len(stops) != 1 {
		t.Errorf("five SIGPIPEs stopped %d times, want once", len(stops))
	}
}

// TestSIGPIPEFromAClosedConnectionDoesNotStop: a write to a connection a
// server closed raises SIGPIPE too; while haul's output is read, the run
// goes on.
func TestSIGPIPEFromAClosedConnectionDoesNotStop(t *testing.T) {
	outputGone = func() bool { return false }
	t.Cleanup(func() { outputGone = stdioBroken })
	sigs := make(chan os.Signal)
	done := make(chan struct{})
	watching := make(chan struct{})
	go func() {
		defer close(watching)
		watchInterrupts(sigs, done, func() { t.Error("a SIGPIPE from a connection stopped the run") }, func(code int) { t.Errorf("exited with %d", code) })
	}()
	for range 3 {
		sigs <- syscall.SIGPIPE
	}
	close(done)
	<-watching
}

func TestWatchingEndsWhenReleased(t *testing.T) {
	done := make(chan struct{})
	watching := make(chan struct{})
	go func() {
		defer close(watching)
		watchInterrupts(make(chan os.Signal), done, func() { t.Error("stopped without a signal") }, func(int) { t.Error("exited without a signal") })
	}()
	close(done)
	<-watching
}

func TestParentContextEndsTheRunContext(t *testing.T) {
	parent, cancel := context.WithCancel(context.Background())
	ctx, release := withInterrupts(parent)
	defer release()
	cancel()
	<-ctx.Done()
}
