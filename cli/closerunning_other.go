//go:build !windows

package cli

import (
	"context"
	"errors"
	"time"
)

// processes stands for the processes of a program file; close-running is
// for Windows' installer, and elsewhere finds none.
type processes struct{}

// findRunning says that close-running is for Windows.
func findRunning(string) (*processes, error) {
	return nil, errors.New(tr().X("cli.closerunning.windowsonly", nil))
}

func (*processes) count() int                              { return 0 }
func (*processes) wait(context.Context, time.Duration) int { return 0 }
func (*processes) close()                                  {}
