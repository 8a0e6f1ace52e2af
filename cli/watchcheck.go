package cli

import (
	"context"
	"flag"
	"fmt"
	"io"

	"haul/downloader"
	"haul/downloader/archive"
	"haul/downloader/watch"
	"haul/i18n"
)

// watchClock is the clock haul watch checks by; tests replace it.
var watchClock watch.Clock = watch.SystemClock{}

// watchCheck checks every watched page once: haul watch [-cookies FILE]
// [-cookies-from-browser BROWSER] [-proxy URL].
func watchCheck(ctx context.Context, list *watch.List, args []string, stdout, stderr io.Writer) int {
	var net network
	fs := flag.NewFlagSet("haul watch", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	net.flags(fs)
	if err := fs.Parse(args); err != nil {
		return watchUsageError(stderr, err.Error())
	}
	if fs.NArg() > 0 {
		return watchUsageError(stderr, tr().X("cli.watch.unknown", i18n.Data{"Word": fs.Arg(0)}))
	}
	if err := net.check(); err != nil {
		return watchUsageError(stderr, err.Error())
	}
	base, err := archive.DefaultBase()
	if err != nil {
		fmt.Fprintf(stderr, "haul watch: %v\n", err)
		return exitFailed
	}
	folders := archive.NewFolders(base)
	defer folders.Close()
	ctx, release := withInterrupts(ctx)
	defer release()
	w := watch.NewWatcher(list, watchClock, pageChecker{net: net, folders: folders, stderr: stderr}.check)
	w.Checked = func(p watch.Page, r watch.Result) { printChecked(stdout, stderr, p, r) }
	pages, results, err := w.CheckDue(ctx, true)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "haul watch: %v\n", err)
		return exitFailed
	case len(pages) == 0 && ctx.Err() == nil:
		fmt.Fprintln(stdout, tr().X("cli.watch.none", nil))
	}
	return watchExit(ctx, list, pages, results)
}

// watchExit is the exit code of a check of every page.
func watchExit(ctx context.Context, list *watch.List, checked []watch.Page, results []watch.Result) int {
	all, _ := list.Pages()
	if ctx.Err() != nil && len(checked) < len(all) {
		return exitInterrupted
	}
	for _, r := range results {
		if r.Problem != "" || r.Failed > 0 {
			return exitFailed
		}
	}
	return exitOK
}

// printChecked says what the check of one page found.
func printChecked(stdout, stderr io.Writer, p watch.Page, r watch.Result) {
	d := i18n.Data{"N": r.New, "Page": p.URL, "Failed": r.Failed, "Problem": r.Problem}
	switch {
	case r.Problem != "":
		fmt.Fprintln(stderr, tr().X("cli.watch.unreadable", d))
		return
	case r.Failed > 0:
		fmt.Fprintln(stderr, tr().XN("cli.watch.failed", r.Failed, d))
	}
	if r.NotAdded > 0 {
		fmt.Fprintf(stderr, "%s: %s\n", p.URL, i18n.WatchNotAdded(tr(), r.NotAdded))
	}
	fmt.Fprintln(stdout, tr().XN("watch.new", r.New, d))
}

// pageChecker checks watched pages on the command line: each in a new
// download list of its own, into its folder, with the folder's archive.
type pageChecker struct {
	net     network
	folders *archive.Folders
	stderr  io.Writer
}

// check reads the page for pictures and saves the ones the page is about
// that its folder's archive does not hold.
func (c pageChecker) check(ctx context.Context, p watch.Page) watch.Result {
	cfg := config{dir: p.Dir, fromPage: p.URL, pages: 1, render: p.Render, quiet: true, network: c.net}
	cfg.limits.Concurrency, cfg.limits.Retries = downloader.DefaultConcurrency, downloader.DefaultRetries
	cfg.idleTimeout = downloader.DefaultIdleTimeout
	opts := cfg.options()
	opts.Archive = c.folders
	m := downloader.New(opts)
	if err := c.net.loadCookies(m, true, c.stderr); err != nil {
		return watch.Result{Problem: i18n.CookieProblem(tr(), err)}
	}
	images, problems, err := findPictures(ctx, m, cfg, io.Discard)
	for _, pr := range problems {
		fmt.Fprintf(c.stderr, "%s: %s\n", pr.Page, i18n.PageProblem(tr(), pr))
	}
	if err != nil {
		return watch.Result{Problem: i18n.ErrorText(tr(), err)}
	}
	rejected, _ := addPagesPictures(m, choosePictures(ctx, m, images, false))
	if err := m.Start(context.WithoutCancel(ctx)); err != nil {
		return watch.Result{Problem: i18n.ErrorText(tr(), err)}
	}
	finished := make(chan downloader.Summary, 1)
	go func() { finished <- m.Wait() }()
	select {
	case <-finished:
	case <-ctx.Done():
	}
	m.Stop()
	s := m.Summary()
	return watch.Result{New: s.Done, Failed: s.Failed, NotAdded: downloader.ListFull(rejected)}
}
