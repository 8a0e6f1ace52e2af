package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"haul/downloader"
	"haul/downloader/pages"
	"haul/downloader/watch"
	"haul/i18n"
)

// Watch runs "haul watch" with args (the words after "watch"): "add URL
// [-o DIR] [-every HOURS] [-render]", "list", "remove URL", or, with no
// word, a check of every watched page once, for a system scheduler. The
// window and haul watch share the one list. The exit codes are haul get's:
// 0 every page read and its new pictures saved, 1 some page or picture
// failed, 2 a wrong command line, 130 interrupted.
func Watch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	path, err := watch.DefaultPath()
	if err != nil {
		fmt.Fprintf(stderr, "haul watch: %v\n", err)
		return exitFailed
	}
	list := watch.Open(path)
	word := ""
	if len(args) > 0 {
		word = args[0]
	}
	switch word {
	case "add":
		return watchAdd(list, args[1:], stdout, stderr)
	case "list":
		return watchList(list, stdout, stderr)
	case "remove":
		return watchRemove(list, args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, tr().X("cli.watch.usage", nil))
		return exitOK
	}
	return watchCheck(ctx, list, args, stdout, stderr)
}

// watchUsageError prints what was wrong and how to run haul watch.
func watchUsageError(stderr io.Writer, problem string) int {
	fmt.Fprintf(stderr, "haul watch: %s\n\n", problem)
	fmt.Fprint(stderr, tr().X("cli.watch.usage", nil))
	return exitUsage
}

// watchAdd watches a page: haul watch add URL [-o DIR] [-every HOURS] [-render].
func watchAdd(list *watch.List, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("haul watch add", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dir := fs.String("o", "./downloads", "")
	every := fs.Float64("every", watch.DefaultEvery.Hours(), "")
	render := fs.Bool("render", false, "")
	var links []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return watchUsageError(stderr, err.Error())
		}
		if args = fs.Args(); len(args) > 0 {
			links, args = append(links, args[0]), args[1:]
		}
	}
	if len(links) != 1 {
		return watchUsageError(stderr, tr().X("cli.watch.oneurl", nil))
	}
	url, ok := downloader.CanonicalLink(links[0])
	abs, err := filepath.Abs(*dir)
	switch {
	case !ok:
		return watchUsageError(stderr, tr().X("cli.watch.badurl", i18n.Data{"URL": links[0]}))
	case !(*every >= watch.MinEvery.Hours()):
		return watchUsageError(stderr, tr().X("cli.watch.badevery", i18n.Data{"Value": *every, "Min": watch.MinEvery.Hours()}))
	case err != nil || strings.TrimSpace(*dir) == "" || isFile(*dir):
		return watchUsageError(stderr, tr().X("cli.watch.badfolder", i18n.Data{"Folder": *dir}))
	}
	p := watch.Page{URL: url, Dir: abs, Every: time.Duration(*every * float64(time.Hour)), Render: *render}
	added, err := list.Add(p)
	if err != nil {
		fmt.Fprintf(stderr, "haul watch: %v\n", err)
		return exitFailed
	}
	d := i18n.Data{"Page": url, "Folder": abs, "Hours": p.Every.Hours()}
	if added {
		fmt.Fprintln(stdout, tr().X("cli.watch.added", d))
	} else {
		fmt.Fprintln(stdout, tr().X("cli.watch.changed", d))
	}
	return exitOK
}

// watchList prints the watched pages with what their last checks found.
func watchList(list *watch.List, stdout, stderr io.Writer) int {
	pages, err := list.Pages()
	if err != nil {
		fmt.Fprintf(stderr, "haul watch: %v\n", err)
		return exitFailed
	}
	if len(pages) == 0 {
		fmt.Fprintln(stdout, tr().X("cli.watch.none", nil))
		return exitOK
	}
	for _, p := range pages {
		fmt.Fprintln(stdout, p.URL)
		fmt.Fprintf(stdout, "  %s\n", tr().X("cli.watch.where", i18n.Data{"Folder": p.Dir, "Hours": p.Every.Hours()}))
		fmt.Fprintf(stdout, "  %s\n", lastCheck(p))
	}
	return exitOK
}

// lastCheck says what the page's last check found, or that it was never checked.
func lastCheck(p watch.Page) string {
	d := i18n.Data{"When": p.Checked.Local().Format("2006-01-02 15:04"), "N": p.New, "Failed": p.Failed, "Problem": p.Problem}
	switch {
	case p.Checked.IsZero():
		return tr().X("cli.watch.never", nil)
	case p.Problem != "":
		return tr().X("cli.watch.last.problem", d)
	case p.Cut:
		return tr().XN("cli.watch.last", p.New, d) + " · " + i18n.PageProblem(tr(), pages.Problem{Kind: pages.ProblemCut})
	}
	return tr().XN("cli.watch.last", p.New, d)
}

// watchRemove stops watching a page: haul watch remove URL.
func watchRemove(list *watch.List, args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		return watchUsageError(stderr, tr().X("cli.watch.oneurl", nil))
	}
	url, ok := downloader.CanonicalLink(args[0])
	if !ok {
		url = args[0]
	}
	switch err := list.Remove(url); {
	case errors.Is(err, watch.ErrNotWatched):
		fmt.Fprintln(stderr, tr().X("cli.watch.notwatched", i18n.Data{"Page": args[0]}))
		return exitFailed
	case err != nil:
		fmt.Fprintf(stderr, "haul watch: %v\n", err)
		return exitFailed
	}
	fmt.Fprintln(stdout, tr().X("cli.watch.removed", i18n.Data{"Page": url}))
	return exitOK
}
