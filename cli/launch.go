package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"haul/i18n"
	"haul/instance"
)

// HandOver hands what a launch was given (lists of links, or links, as
// "haul list.txt" or "haul URL"; nothing, to bring the window forward) to
// the Haul of this user that already runs. handed is false only when no
// Haul runs, and the launch then opens its own window; otherwise code is
// the launch's exit code: 0 when the running Haul took everything, 1 when
// it refused some of it, took it too late to say, or could not be reached,
// each said on stderr. A launch that reached a running Haul never opens a
// second window on the same list.
func HandOver(args []string, stderr io.Writer) (code int, handed bool) {
	path, err := instance.DefaultPath()
	if err != nil {
		return exitOK, false
	}
	return handOverTo(path, args, stderr)
}

// handOverTo is HandOver to the Haul listening at path.
func handOverTo(path string, args []string, stderr io.Writer) (code int, handed bool) {
	req := instance.Request{}
	for _, arg := range args {
		req.Files = append(req.Files, launchArg(arg))
	}
	ctx, cancel := context.WithTimeout(context.Background(), instance.LaunchWait)
	defer cancel()
	reply, err := instance.Send(ctx, path, req)
	switch {
	case errors.Is(err, instance.ErrNotRunning):
		return exitOK, false
	case errors.Is(err, instance.ErrAnotherUser):
		fmt.Fprintln(stderr, "haul: "+i18n.BrowserProblem(tr(), err))
		return exitFailed, true
	case err != nil:
		fmt.Fprintln(stderr, tr().X("cli.launch.failed", i18n.Data{"Error": err.Error()}))
		return exitFailed, true
	case reply.Busy:
		fmt.Fprintln(stderr, tr().X("cli.launch.busy", nil))
		return exitFailed, true
	case reply.Error != "":
		fmt.Fprintln(stderr, tr().X("cli.launch.refused", i18n.Data{"Error": reply.Error}))
		return exitFailed, true
	case reply.NotAdded > 0:
		fmt.Fprintln(stderr, "haul: "+reply.Note)
		return exitFailed, true
	}
	return exitOK, true
}

// launchArg is an argument of a launch as the running Haul, in another
// working folder, reads it: a link as it is, a list file by its absolute
// path. An argument is a link when it reads as one and names no file.
func launchArg(arg string) string {
	if looksLikeLink(arg) {
		if _, err := os.Stat(arg); err != nil {
			return arg
		}
	}
	if abs, err := filepath.Abs(arg); err == nil {
		return abs
	}
	return arg
}
