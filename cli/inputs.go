package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/dustin/go-humanize"

	"haul/downloader/links"
	"haul/i18n"
)

// intake is every link gathered from the command line's inputs, in order,
// with the rejected lines already worded for the terminal.
type intake struct {
	links      []string
	duplicates int
	problems   []string
	// places are the workbook cells links were read from, by link.
	places map[string]string
}

// gatherLinks reads each input: "-" is standard input, an existing path is a
// file of links, and anything else that looks like a link is taken as one.
// Numbered patterns such as [001-120] are expanded unless opt.Literal. An
// input that cannot be read at all is an error.
func gatherLinks(inputs []string, stdin io.Reader, opt links.Options) (intake, error) {
	var in intake
	seen := map[string]bool{}
	for _, arg := range inputs {
		opt.Taken = len(in.links)
		source, res, err := readInput(arg, stdin, opt)
		if err != nil {
			return in, err
		}
		if res.TooMany > 0 {
			return in, errors.New(tr().X("cli.toomanylinks", i18n.TooManyLinksData(int64(len(in.links))+res.TooMany)))
		}
		in.duplicates += res.Duplicates
		for _, p := range res.Problems {
			in.problems = append(in.problems, problemLine(source, p))
		}
		for _, link := range res.Links {
			if seen[link] {
				in.duplicates++
				continue
			}
			seen[link] = true
			in.links = append(in.links, link)
			if place, ok := res.Places[link]; ok {
				if in.places == nil {
					in.places = map[string]string{}
				}
				in.places[link] = place
			}
		}
	}
	return in, nil
}

// readInput extracts the links of one input and names it for messages. An
// input that would take the run past links.MaxRunLinks gives a Result
// that says so (TooMany), whatever kind of input it is.
func readInput(arg string, stdin io.Reader, opt links.Options) (string, links.Result, error) {
	source, res, err := readOneInput(arg, stdin, opt)
	var refused *links.FileError
	if errors.As(err, &refused) && refused.Problem == links.FileTooManyLinks {
		return source, links.Result{TooMany: refused.Links}, nil
	}
	if err != nil {
		return "", links.Result{}, listError(source, err)
	}
	return source, res, nil
}

// readOneInput extracts the links of one input, "-" for standard input.
func readOneInput(arg string, stdin io.Reader, opt links.Options) (string, links.Result, error) {
	if arg == "-" {
		data, err := io.ReadAll(io.LimitReader(stdin, links.MaxFileSize+1))
		if err != nil {
			return "", links.Result{}, fmt.Errorf("read links from standard input: %w", err)
		}
		if len(data) > links.MaxFileSize {
			return "", links.Result{}, errors.New(tr().X("cli.stdintoolarge", i18n.Data{"Size": humanize.Bytes(links.MaxFileSize)}))
		}
		source := tr().X("cli.source.stdin", nil)
		res, err := links.ReadDataWith(source, data, opt)
		return source, res, err
	}
	if looksLikeLink(arg) {
		if _, err := os.Stat(arg); err != nil {
			return tr().X("cli.source.cmdline", nil), links.ExtractWith(arg, opt), nil
		}
	}
	res, err := links.ReadFileWith(arg, opt)
	return arg, res, err
}

// looksLikeLink reports whether a command-line argument is meant as a link
// rather than a file name.
func looksLikeLink(arg string) bool {
	lower := strings.ToLower(arg)
	return strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") ||
		strings.HasPrefix(lower, "www.") || strings.Contains(arg, "://")
}

// looksLikeAddress says an argument reads as a web address written without
// http:// or https://, such as "example.com/pic.jpg": a site name with a
// dot, then a path.
func looksLikeAddress(arg string) bool {
	host, _, found := strings.Cut(arg, "/")
	return found && strings.Contains(host, ".") && !strings.HasPrefix(host, ".") && !strings.ContainsAny(arg, " \\") &&
		strings.Trim(host, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:") == ""
}

// listError explains why a list file could not be read. Refusals from
// links.ReadFile are worded in the user's language, naming the file and
// saying what to do; file system errors are shortened to their cause after
// the name the user typed.
func listError(arg string, err error) error {
	var pe *os.PathError
	var refused *links.FileError
	switch {
	case errors.Is(err, fs.ErrNotExist) && looksLikeAddress(arg):
		return errors.New(tr().X("cli.list.noscheme", i18n.Data{"List": arg}))
	case errors.As(err, &pe):
		unreadable := tr().X("cli.list.unreadable", i18n.Data{"List": arg})
		return errors.New(i18n.ErrorText(tr(), &fs.PathError{Op: pe.Op, Path: unreadable, Err: pe.Err}))
	case errors.As(err, &refused):
		return errors.New(i18n.FileProblem(tr(), refused))
	}
	return err
}

// problemLine words one rejected line for the terminal: "list.txt:3: text:
// reason", without the line number when the text names its place itself, as
// a workbook's cell does.
func problemLine(source string, p links.Problem) string {
	if p.Line <= 0 {
		return fmt.Sprintf("%s: %s: %s", source, p.Text, i18n.LinkReason(tr(), p.Reason))
	}
	return fmt.Sprintf("%s:%d: %s: %s", source, p.Line, p.Text, i18n.LinkReason(tr(), p.Reason))
}
