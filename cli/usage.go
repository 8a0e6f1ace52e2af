package cli

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"haul/i18n"
)

// Usage prints how to run haul, for "haul -h" and mistyped commands.
func Usage(w io.Writer) {
	fmt.Fprint(w, tr().X("cli.usage", nil))
}

// getUsage prints the synopsis and flags of "haul get".
func getUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, tr().X("cli.get.usage", nil))
	printFlags(w, fs)
	fmt.Fprint(w, tr().X("cli.get.exitcodes", nil))
}

// printFlags lists the flags as flag.PrintDefaults does, with "(default …)"
// in the user's language.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		var b strings.Builder
		fmt.Fprintf(&b, "  -%s", f.Name)
		name, usage := flag.UnquoteUsage(f)
		if name != "" {
			b.WriteString(" " + name)
		}
		if b.Len() <= 4 {
			b.WriteString("\t")
		} else {
			b.WriteString("\n    \t")
		}
		b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
		if def := defaultText(f); def != "" {
			b.WriteString(tr().X("cli.flag.default", i18n.Data{"Value": def}))
		}
		fmt.Fprintln(w, b.String())
	})
}

// defaultText is a flag's default as the help shows it: quoted for text,
// nothing when it is a zero value.
func defaultText(f *flag.Flag) string {
	switch f.DefValue {
	case "", "0", "false", "0s":
		return ""
	}
	if g, ok := f.Value.(flag.Getter); ok {
		if _, text := g.Get().(string); text {
			return strconv.Quote(f.DefValue)
		}
	}
	return f.DefValue
}
