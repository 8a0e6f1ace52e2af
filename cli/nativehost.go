package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"

	"haul/browser"
	"haul/i18n"
	"haul/instance"
)

// startWait is how long the host waits for a Haul it started to listen.
const startWait = 20 * time.Second

// HostOptions are what the native messaging host needs from the program.
type HostOptions struct {
	// Window says whether Haul can open its window here; when it cannot, the
	// host starts "haul serve" instead.
	Window bool
	// Socket is where the running Haul listens; "" for the user's own.
	Socket string
}

// NativeHost runs "haul native-host": the browser starts it with the
// caller's origin (Chromium browsers) or the manifest's path and the
// extension's ID (Firefox) as args, then sends it messages on stdin and
// reads one reply to each on stdout. Each checked message is handed to the
// running Haul, which is started when there is none. It returns the exit
// code.
func NativeHost(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, opts HostOptions) int {
	callerErr := browser.CheckCaller(args)
	path := opts.Socket
	if path == "" {
		var err error
		if path, err = instance.DefaultPath(); err != nil {
			fmt.Fprintf(stderr, "haul native-host: %v\n", err)
			return exitFailed
		}
	}
	deliver := func(m browser.Message) (browser.Delivered, error) {
		if callerErr != nil {
			return browser.Delivered{}, callerErr
		}
		return handOver(ctx, path, instance.Request{Browser: &m}, opts.Window)
	}
	describe := func(err error) string { return i18n.BrowserProblem(tr(), err) }
	if err := browser.Serve(stdin, stdout, deliver, describe); err != nil {
		fmt.Fprintf(stderr, "haul native-host: %v\n", err)
		return exitFailed
	}
	return exitOK
}

// handOver gives req to the running Haul, starting one when none runs,
// and says what it took.
func handOver(ctx context.Context, path string, req instance.Request, window bool) (browser.Delivered, error) {
	reply, err := instance.Send(ctx, path, req)
	if errors.Is(err, instance.ErrNotRunning) {
		if err := startHaul(window); err != nil {
			return browser.Delivered{}, err
		}
		reply, err = sendWhenListening(ctx, path, req)
	}
	if err != nil {
		return browser.Delivered{}, err
	}
	if reply.Busy {
		return browser.Delivered{}, instance.ErrNoAnswer
	}
	if reply.Error != "" {
		return browser.Delivered{}, errors.New(reply.Error)
	}
	return browser.Delivered{Added: reply.Added, NotAdded: reply.NotAdded, Note: reply.Note}, nil
}

// sendWhenListening sends req once the Haul just started listens.
func sendWhenListening(ctx context.Context, path string, req instance.Request) (instance.Reply, error) {
	ctx, cancel := context.WithTimeout(ctx, startWait)
	defer cancel()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		reply, err := instance.Send(ctx, path, req)
		if !errors.Is(err, instance.ErrNotRunning) {
			return reply, err
		}
		select {
		case <-ctx.Done():
			return instance.Reply{}, fmt.Errorf("Haul was started but did not answer within %v: %w", startWait, err)
		case <-tick.C:
		}
	}
}

// startHaul starts Haul on its own, apart from the browser (which ends the
// host once it has answered): its window, or "haul serve" where there is no
// window.
func startHaul(window bool) error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("find Haul to start it: %w", err)
	}
	cmd := exec.Command(exe)
	if !window {
		cmd.Args = append(cmd.Args, "serve")
	}
	if err := startDetached(cmd); err != nil {
		return fmt.Errorf("start Haul: %w", err)
	}
	return cmd.Process.Release()
}
