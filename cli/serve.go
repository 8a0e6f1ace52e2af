package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"haul/browser/handover"
	"haul/downloader"
	"haul/downloader/links"
	"haul/i18n"
	"haul/instance"
	"haul/internal/userdirs"
)

// defaultServeIdle is how long "haul serve" waits with nothing to do
// before it ends.
const defaultServeIdle = 2 * time.Minute

// serveConfig is a parsed "haul serve" command line.
type serveConfig struct {
	dir  string
	idle time.Duration
	// subfolders puts each page's pictures in a folder of its own.
	subfolders bool
	socket     string
}

// Serve runs "haul serve": Haul without its window, as the running Haul of
// the user. It downloads what the browser's host and other launches hand it
// into one folder, and ends when it has had nothing to do for a while. The
// browser's host starts it where no window can be shown. It returns the
// exit code.
func Serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cfg, err := parseServeFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, tr().X("cli.serve.usage", nil))
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "haul serve: %v\n\n%s", err, tr().X("cli.serve.usage", nil))
		return exitUsage
	}
	l, err := instance.Listen(cfg.socket)
	if errors.Is(err, instance.ErrRunning) {
		fmt.Fprintln(stderr, tr().X("cli.serve.running", nil))
		return exitFailed
	}
	if err != nil {
		fmt.Fprintf(stderr, "haul serve: %v\n", err)
		return exitFailed
	}
	ctx, release := withInterrupts(ctx)
	defer release()
	ctx, quit := context.WithCancel(ctx)
	defer quit()
	m := downloader.New(downloader.Options{Dir: cfg.dir, Limits: downloader.Limits{
		Concurrency: downloader.DefaultConcurrency, Retries: downloader.DefaultRetries, PageFolders: cfg.subfolders}})
	if err := m.Start(ctx); err != nil {
		l.Close()
		fmt.Fprintf(stderr, "haul serve: %v\n", err)
		return exitFailed
	}
	fmt.Fprintln(stderr, tr().X("cli.serve.ready", i18n.Data{"Dir": cfg.dir}))
	received := make(chan struct{}, 1)
	taker := &serveTaker{ctx: ctx, m: m, stderr: stderr, received: received, quit: quit}
	go instance.Serve(ctx, l, taker.take)
	waitIdle(ctx, m, cfg.idle, received)
	l.Close()
	taker.end()
	m.Stop()
	s := m.Summary()
	fmt.Fprintln(stderr, tr().X("cli.serve.done", i18n.Data{"Done": s.Done, "Failed": s.Failed}))
	if s.Failed > 0 {
		return exitFailed
	}
	return exitOK
}

// parseServeFlags reads the words after "serve".
func parseServeFlags(args []string) (serveConfig, error) {
	cfg := serveConfig{}
	fs := flag.NewFlagSet("haul serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&cfg.dir, "o", filepath.Join(userdirs.Pictures(), "Haul"), "")
	fs.DurationVar(&cfg.idle, "idle", defaultServeIdle, "")
	fs.BoolVar(&cfg.subfolders, "subfolders", false, "")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, errors.New(tr().X("cli.serve.badarg", i18n.Data{"Arg": fs.Arg(0)}))
	}
	if cfg.idle <= 0 {
		return cfg, errors.New(tr().X("cli.serve.badidle", i18n.Data{"Value": cfg.idle.String()}))
	}
	path, err := instance.DefaultPath()
	cfg.socket = path
	return cfg, err
}

// serveTaker takes what other launches hand "haul serve" until it ends.
type serveTaker struct {
	// ctx ends with haul serve; reading the sizes of pictures stops then.
	ctx      context.Context
	m        *downloader.Manager
	stderr   io.Writer
	received chan<- struct{}
	// quit ends the run, when the installer asks (instance.AskToQuit).
	quit  func()
	mu    sync.Mutex
	ended bool
}

// take queues a request and notes that one came; once ended, it refuses
// it, since nothing more will be downloaded.
func (t *serveTaker) take(r instance.Request) instance.Reply {
	if r.Quit != "" {
		if self, err := os.Executable(); err == nil && r.Quits(self) {
			t.quit()
		}
		return instance.Reply{}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ended {
		return instance.Reply{Error: tr().X("cli.serve.ending", nil)}
	}
	reply := take(t.ctx, t.m, r, t.stderr)
	select {
	case t.received <- struct{}{}:
	default:
	}
	return reply
}

// end refuses the requests that come from now on and waits for the one
// being taken.
func (t *serveTaker) end() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.ended = true
}

// take queues what another launch handed over and says how many it took,
// and how many the full list left out; of a page's pictures, the ones the
// page is about, saying in its note how many others were left out.
func take(ctx context.Context, m *downloader.Manager, r instance.Request, stderr io.Writer) instance.Reply {
	var reply instance.Reply
	if r.Browser != nil {
		handover.UseIn(*r.Browser, m)
		q := handover.Queue(ctx, *r.Browser, m)
		reply.Added, reply.NotAdded = len(q.IDs), downloader.ListFull(q.Rejected)
		for i, t := range r.Browser.Pages() {
			fmt.Fprintln(stderr, tr().X("cli.serve.received", i18n.Data{"N": q.ByPage[i], "Page": t.Page.URL}))
		}
		if len(q.Left) > 0 {
			counts, _ := i18n.LeftOut(q.Left)
			reply.Note = tr().XN("cli.serve.leftout", len(q.Left), i18n.Data{"Added": len(q.IDs), "N": len(q.Left), "Kinds": i18n.LeftOutKinds(tr(), counts)})
			fmt.Fprintln(stderr, "haul serve: "+reply.Note)
		}
	}
	if len(r.Files) > 0 {
		in, err := gatherLinks(r.Files, nil, links.Options{Legacy: i18n.LegacyEncoding(tr())})
		if err != nil {
			return instance.Reply{Added: reply.Added, Error: err.Error()}
		}
		ids, rejected := m.Add(in.links...)
		reply.Added, reply.NotAdded = reply.Added+len(ids), reply.NotAdded+downloader.ListFull(rejected)
	}
	if reply.NotAdded > 0 {
		reply.Note = tr().XN("cli.serve.listfull", reply.NotAdded, i18n.NotAddedData(reply.NotAdded))
		fmt.Fprintln(stderr, "haul serve: "+reply.Note)
	}
	return reply
}

// waitIdle returns when ctx ends, or when nothing has been handed over and
// nothing has been left to download for idle.
func waitIdle(ctx context.Context, m *downloader.Manager, idle time.Duration, received <-chan struct{}) {
	timer := time.NewTimer(idle)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-received:
			timer.Reset(idle)
		case <-m.Changes():
			if m.Summary().Left() > 0 {
				timer.Reset(idle)
			}
		case <-timer.C:
			if m.Summary().Left() == 0 {
				return
			}
			timer.Reset(idle)
		}
	}
}
