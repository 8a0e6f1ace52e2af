//go:build unix

package cli

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"
)

func TestInterruptSignalEndsTheContext(t *testing.T) {
	ctx, release := withInterrupts(context.Background())
	defer release()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("SIGINT did not end the context")
	}
}
