package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"time"

	"haul/downloader"
	"haul/downloader/links"
	"haul/i18n"
)

// Exit codes of "haul get".
const (
	exitOK          = 0
	exitFailed      = 1
	exitUsage       = 2
	exitInterrupted = 130
)

// Get runs "haul get" with args (the words after "get") and returns the exit
// code: 0 when every link was saved or skipped, 1 when some failed, 2 for a
// wrong command line and 130 when interrupted. The first Ctrl+C, SIGTERM or
// SIGHUP, like the end of ctx, stops gracefully and keeps partial files for
// the next run; a second one exits the process at once. Output going to a
// pipe that closes (haul get ... | head) stops it the same way, quietly.
func Get(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// net/http reports a server that sends more than it announced through
	// the standard logger, quoting the extra bytes (often binary); haul get
	// reports every failure itself.
	log.SetOutput(io.Discard)
	go tr() // the messages are read meanwhile, on another processor
	cfg, fs, err := parseFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		getUsage(stdout, fs)
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "haul get: %v\n\n", err)
		getUsage(stderr, fs)
		return exitUsage
	}
	// Ctrl+C is heard from here on, so a stop while the page is read or
	// rendered ends with the summary, and the browser is removed.
	ctx, release := withInterrupts(ctx)
	defer release()
	m, store, code := prepare(ctx, cfg, stdin, stderr)
	if m == nil {
		return code
	}
	code = run(ctx, m, cfg, chooseProgress(stderr, cfg.quiet), stdout, stderr)
	if store != nil {
		if err := store.Close(); err != nil {
			fmt.Fprintf(stderr, "haul get: %v\n", err)
		}
	}
	return code
}

// prepare reads the inputs into a new Manager, restoring what an earlier run
// of the same links left, and reports every rejected line. It returns a
// nil Manager and the exit code when there is nothing to do.
func prepare(ctx context.Context, cfg config, stdin io.Reader, stderr io.Writer) (*downloader.Manager, io.Closer, int) {
	in, ok := readInputs(cfg, stdin, stderr)
	if !ok {
		return nil, nil, exitUsage
	}
	giveCollectorRoom(len(in.links))
	arc, err := openArchive(cfg.archive)
	if err != nil {
		fmt.Fprintln(stderr, tr().X("cli.archive.unreadable", i18n.Data{"File": cfg.archive, "Error": i18n.ErrorText(tr(), err)}))
		return nil, nil, exitFailed
	}
	opts := cfg.options()
	opts.PictureRules = pictureRules(stderr)
	m := downloader.New(arc.into(opts))
	store, err := openState(cfg, m, in.links, stderr)
	if err != nil {
		arc.Close()
		fmt.Fprintf(stderr, "haul get: %v\n", err)
		return nil, nil, exitFailed
	}
	store = arc.closedWith(store)
	if err := cfg.loadCookies(m, cfg.quiet, stderr); err != nil {
		fmt.Fprintln(stderr, tr().X("cli.cookies.unreadable", i18n.Data{"Error": i18n.CookieProblem(tr(), err)}))
		closeStore(store, stderr)
		return nil, nil, exitFailed
	}
	_, rejected := m.Add(in.links...)
	downloader.EditList(m).Place(in.places)
	var pageErr error
	if cfg.fromPage != "" {
		var r []downloader.Rejected
		r, pageErr = addFromPage(ctx, m, cfg, stderr)
		rejected = append(rejected, r...)
	}
	reportRejected(stderr, rejected)
	if ctx.Err() != nil {
		return m, store, exitOK // stopped while the page was read: run says so
	}
	if m.Summary().Total == 0 && pageErr != nil {
		closeStore(store, stderr)
		return nil, nil, exitFailed
	}
	if m.Summary().Total == 0 {
		nothing := tr().X("cli.nothing", nil)
		if len(in.problems) > 0 || len(rejected) > 0 {
			nothing = tr().X("cli.nothing.refused", nil) // the reasons are above; "no link" would contradict them
		}
		fmt.Fprintln(stderr, nothing)
		closeStore(store, stderr)
		return nil, nil, exitUsage
	}
	return m, store, exitOK
}

// readInputs reads the links of the inputs and reports the lines that are
// not links and the duplicates; ok is false when there is nothing to read.
func readInputs(cfg config, stdin io.Reader, stderr io.Writer) (intake, bool) {
	if len(cfg.inputs) == 0 && cfg.fromPage == "" {
		fmt.Fprintln(stderr, tr().X("cli.nolinks", nil))
		fmt.Fprintln(stderr, tr().X("cli.help", nil))
		return intake{}, false
	}
	in, err := gatherLinks(cfg.inputs, stdin, links.Options{Literal: cfg.globOff, Legacy: i18n.LegacyEncoding(tr())})
	if err != nil {
		fmt.Fprintf(stderr, "haul get: %v\n", err)
		return intake{}, false
	}
	for _, p := range in.problems {
		fmt.Fprintln(stderr, p)
	}
	if in.duplicates > 0 && !cfg.quiet {
		fmt.Fprintln(stderr, tr().XN("cli.duplicates", in.duplicates, i18n.Data{"N": in.duplicates}))
	}
	return in, true
}

// run downloads everything queued in m while showing progress, then writes
// the report and the summary and returns the exit code. ctx ends at the
// first Ctrl+C; a run stopped before it starts is reported as stopped.
func run(ctx context.Context, m *downloader.Manager, cfg config, mode progressMode, stdout, stderr io.Writer) int {
	stoppedEarly := ctx.Err() != nil
	start := time.Now()
	// The end of ctx is handled below with Stop, like the first Ctrl+C.
	if err := m.Start(context.WithoutCancel(ctx)); err != nil {
		fmt.Fprintf(stderr, "haul get: %v\n", err)
		return exitFailed
	}
	p := startProgress(m, stderr, mode, start)
	finished := make(chan struct{})
	go func() {
		m.Wait()
		close(finished)
	}()
	select {
	case <-finished:
	case <-ctx.Done():
	}
	m.Stop()
	<-finished
	p.stop()
	items, saved, sum := finalItems(m, cfg.report != "")
	defer signInHint(stderr, failures(items)...)
	o := outcome{items: items, saved: saved.bytes, originals: saved.originals, sum: sum, elapsed: time.Since(start), report: cfg.report, reportBOM: cfg.reportBOM, reportMachine: cfg.reportMachine, policy: cfg.limits.OnExists,
		stopped: stoppedEarly}
	return conclude(o, stdout, stderr)
}

// runSaved is what a run saved: its bytes, and how many of its files
// are the originals of the small pictures the links gave.
type runSaved struct {
	bytes     int64
	originals int
}

// finalItems reads the end of a run: what was saved, and every item when
// a report is wanted, else only the failed ones, so that 100,000 finished
// items are not copied once more for the summary.
func finalItems(m *downloader.Manager, all bool) (items []downloader.ItemSnapshot, saved runSaved, sum downloader.Summary) {
	sum = m.Visit(func(s downloader.ItemSnapshot) {
		if s.State == downloader.Done {
			saved.bytes += s.Bytes
		}
		if s.State == downloader.Done && s.Original.URL != "" {
			saved.originals++
		}
		if all || s.State == downloader.Failed {
			items = append(items, s)
		}
	})
	return items, saved, sum
}

// conclude writes the report and the summary of a run and returns its exit
// code. Items left unfinished mean the run was interrupted.
func conclude(o outcome, stdout, stderr io.Writer) int {
	o.stopped = o.stopped || o.sum.Left() > 0
	var reportErr error
	if o.report != "" {
		reportErr = writeReportFile(o.report, o.items, i18n.ReportOptions(tr(), o.reportBOM, o.reportMachine))
	}
	writeSummary(stdout, o)
	if reportErr != nil {
		fmt.Fprintf(stderr, "haul get: %v\n", reportErr)
	}
	switch {
	case o.stopped:
		return exitInterrupted
	case o.sum.Failed > 0 || o.sum.Canceled > 0 || reportErr != nil:
		return exitFailed
	}
	return exitOK
}

// closeStore closes the resume state of a run that does not start, or the
// hold on its folder.
func closeStore(store io.Closer, stderr io.Writer) {
	if store == nil {
		return
	}
	if err := store.Close(); err != nil {
		fmt.Fprintf(stderr, "haul get: %v\n", err)
	}
}

// failures lists why the failed items failed.
func failures(items []downloader.ItemSnapshot) []*downloader.ItemError {
	var errs []*downloader.ItemError
	for _, it := range items {
		if it.State == downloader.Failed && it.Err != nil {
			errs = append(errs, it.Err)
		}
	}
	return errs
}
