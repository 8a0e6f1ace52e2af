package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"haul/i18n"
	"haul/instance"
)

// exitStillRunning is close-running's exit code when a Haul still runs the
// program file.
const exitStillRunning = 3

// Waits of close-running: for the running Haul to take the request to
// quit, then for every process of the program file to end.
const (
	quitAskWait = 10 * time.Second
	quitEndWait = 30 * time.Second
)

// CloseRunning runs "haul close-running [-check] [PROGRAM]", which the
// installer and the uninstaller run before they replace or remove Haul's
// program file PROGRAM (by default the one running): Windows keeps a file
// while a program runs from it. It asks the Haul listening for other
// launches to quit when it runs PROGRAM, as Quit in its menu does (keeping
// its list for next time), and waits for every process of PROGRAM to end;
// one it cannot ask ("haul get" in a Command Prompt) is waited for but not
// stopped. With -check it only says whether one runs. It returns 0 when
// none runs (any more) and 3 when one still does.
func CloseRunning(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	check, program, err := parseCloseFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, tr().X("cli.closerunning.usage", nil))
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "haul close-running: %v\n\n%s", err, tr().X("cli.closerunning.usage", nil))
		return exitUsage
	}
	running, err := findRunning(program)
	if err != nil {
		fmt.Fprintf(stderr, "haul close-running: %v\n", err)
		return exitFailed
	}
	defer running.close()
	if running.count() == 0 {
		return exitOK
	}
	if check {
		fmt.Fprintln(stdout, tr().X("cli.closerunning.running", i18n.Data{"Program": program}))
		return exitStillRunning
	}
	askToQuit(ctx, program)
	if running.wait(ctx, quitEndWait) > 0 || stillRunning(program) {
		fmt.Fprintln(stderr, tr().X("cli.closerunning.still", i18n.Data{"Program": program}))
		return exitStillRunning
	}
	return exitOK
}

// parseCloseFlags reads the words after "close-running".
func parseCloseFlags(args []string) (check bool, program string, err error) {
	fs := flag.NewFlagSet("haul close-running", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&check, "check", false, "")
	if err := fs.Parse(args); err != nil {
		return false, "", err
	}
	switch fs.NArg() {
	case 0:
		program, err = os.Executable()
	case 1:
		program, err = filepath.Abs(fs.Arg(0))
	default:
		return false, "", errors.New(tr().X("cli.serve.badarg", i18n.Data{"Arg": fs.Arg(1)}))
	}
	if err != nil {
		return false, "", fmt.Errorf("find the program file: %w", err)
	}
	return check, program, nil
}

// askToQuit asks the Haul that listens for other launches to quit, if it
// runs program. A Haul that does not answer (none listens, or an older one
// that does not know the request) is waited for all the same.
func askToQuit(ctx context.Context, program string) {
	path, err := instance.DefaultPath()
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, quitAskWait)
	defer cancel()
	_, _ = instance.AskToQuit(ctx, path, program)
}

// stillRunning says whether a process of program runs, one started while
// the others ended included.
func stillRunning(program string) bool {
	again, err := findRunning(program)
	if err != nil {
		return false
	}
	defer again.close()
	return again.count() > 0
}
