package cli

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"haul/downloader"
	"haul/downloader/cookies"
	"haul/downloader/render"
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

// printFlags lists the flags as flag.PrintDefaults does, in the user's
// language: each flag's usage is the key of its message (see newFlagSet).
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		var b strings.Builder
		fmt.Fprintf(&b, "  -%s", f.Name)
		shown := *f
		shown.Usage = flagUsage(f.Usage)
		name, usage := flag.UnquoteUsage(&shown)
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

// flagUsageData fills in the help messages of the flags that name a value.
var flagUsageData = map[string]func() i18n.Data{
	"cli.flag.useragent":          func() i18n.Data { return i18n.Data{"Default": downloader.DefaultUserAgent} },
	"cli.flag.renderscreens":      func() i18n.Data { return i18n.Data{"Default": render.DefaultScreens} },
	"cli.flag.rendertimeout":      func() i18n.Data { return i18n.Data{"Default": render.DefaultPageTimeout.String()} },
	"cli.flag.cookiesfrombrowser": func() i18n.Data { return i18n.Data{"Browsers": cookies.BrowserList()} },
}

// flagUsage is the help text of a flag whose usage is the message key.
func flagUsage(key string) string {
	var data i18n.Data
	if fill, ok := flagUsageData[key]; ok {
		data = fill()
	}
	return tr().X(key, data)
}
