package cli

import (
	"flag"
	"fmt"
	"io"
)

// Usage prints how to run haul, for "haul -h" and mistyped commands.
func Usage(w io.Writer) {
	fmt.Fprint(w, `Haul downloads many files at once.

Usage:
  haul [FILE...]          open the window, with the links in FILE... loaded
  haul get [flags] [FILE|URL|-]...
                          download without a window (run "haul get -h" for the flags)
  haul version            print the version
  haul help               print this help
`)
}

// getUsage prints the synopsis and flags of "haul get".
func getUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, `Usage: haul get [flags] [FILE|URL|-]...

Downloads every link found in the FILEs (any text: lists, CSV, Markdown, HTML),
the URLs given, or standard input (-). Press Ctrl+C to stop; run the same
command again to continue.

Flags:
`)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprint(w, `
Exit codes: 0 all saved or skipped, 1 some failed, 2 wrong command line, 130 interrupted.
`)
}
