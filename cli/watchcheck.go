package cli

import (
	"context"
	"flag"
	"fmt"
	"io"

	"haul/downloader"
	"haul/downloader/archive"
	"haul/downloader/clock"
	"haul/downloader/pages"
	"haul/downloader/watch"
	"haul/i18n"
)

// watchClock is the clock haul watch checks by; tests replace it.
var watchClock clock.Clock = clock.System{}

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
	w := watch.NewWatcher(list, watchClock, newPageChecker(net, folders, stderr).check)
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
		if r.Problem != "" || r.Failed > 0 || r.Cut {
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

// pageChecker checks watched pages on the command line, all through one
// engine, so that the limits, the pace learned of each site and its files
// a day are shared: each page's pictures come in through an intake of
// their own, into its folder, with the folder's archive.
type pageChecker struct {
	net     network
	m       *downloader.Manager
	folders *archive.Folders
	stderr  io.Writer
	// cookies is why the cookies could not be read, nil when they were.
	cookies error
}

// newPageChecker makes the one engine the checks share.
func newPageChecker(net network, folders *archive.Folders, stderr io.Writer) *pageChecker {
	cfg := config{quiet: true, network: net}
	cfg.limits.Concurrency, cfg.limits.Retries = downloader.DefaultConcurrency, downloader.DefaultRetries
	cfg.idleTimeout = downloader.DefaultIdleTimeout
	opts := cfg.options()
	opts.Archive = folders
	c := &pageChecker{net: net, m: downloader.New(opts), folders: folders, stderr: stderr}
	c.cookies = net.loadCookies(c.m, true, stderr)
	return c
}

// check reads the page for pictures and saves the ones the page is about
// that its folder's archive does not hold. A folder whose archive cannot be read gets nothing: the
// check says so.
func (c *pageChecker) check(ctx context.Context, p watch.Page) watch.Result {
	if err := c.folders.Check(p.Dir); err != nil {
		return watch.Result{Problem: i18n.ArchiveProblem(tr(), p.Dir, err)}
	}
	if c.cookies != nil {
		return watch.Result{Problem: i18n.CookieProblem(tr(), c.cookies)}
	}
	cfg := config{dir: p.Dir, fromPage: p.URL, pages: 1, render: p.Render, quiet: true, network: c.net}
	images, problems, err := findPictures(ctx, c.m, cfg, io.Discard)
	cut := false
	for _, pr := range problems {
		fmt.Fprintf(c.stderr, "%s: %s\n", pr.Page, i18n.PageProblem(tr(), pr))
		cut = cut || pr.Kind == pages.ProblemCut
	}
	if err != nil {
		return watch.Result{Problem: i18n.ErrorText(tr(), err)}
	}
	in := c.m.NewIntake(p.Dir)
	rejected, _ := addPagesPictures(in, choosePictures(ctx, c.m, images, false))
	s, err := c.m.RunIntake(ctx, in)
	if err != nil {
		return watch.Result{Problem: i18n.ErrorText(tr(), err)}
	}
	return watch.Result{New: s.Done, Failed: s.Failed, NotAdded: downloader.ListFull(rejected), Cut: cut}
}
