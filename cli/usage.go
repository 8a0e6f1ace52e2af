package cli

import (
	"flag"
	"fmt"
	"io"
)

// Usage prints how to run haul, for "haul -h" and mistyped commands.
func Usage(w io.Writer) {
	fmt.Fprint(w, tr().X("cli.usage", nil))
}

// getUsage prints the synopsis and flags of "haul get".
func getUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, tr().X("cli.get.usage", nil))
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprint(w, tr().X("cli.get.exitcodes", nil))
}
