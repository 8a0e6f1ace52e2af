package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"haul/browser"
	"haul/i18n"
)

// Browser runs "haul browser install" and "haul browser uninstall": it
// registers Haul as the native messaging host of the user's browsers, or
// removes it, and says which browsers. It returns the exit code.
func Browser(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 || args[0] != "install" && args[0] != "uninstall" {
		fmt.Fprint(stderr, tr().X("cli.browser.usage", nil))
		return exitUsage
	}
	in, err := browser.UserInstaller()
	if err != nil {
		fmt.Fprintf(stderr, "haul browser: %v\n", err)
		return exitFailed
	}
	if args[0] == "uninstall" {
		names, err := in.Uninstall()
		if err != nil {
			fmt.Fprintf(stderr, "haul browser: %v\n", err)
			return exitFailed
		}
		if len(names) == 0 {
			fmt.Fprintln(stdout, tr().X("cli.browser.notconnected", nil))
			return exitOK
		}
		fmt.Fprintln(stdout, tr().X("cli.browser.uninstalled", i18n.Data{"Browsers": strings.Join(names, ", "), "N": len(names)}))
		return exitOK
	}
	names, err := in.Install()
	if errors.Is(err, browser.ErrNoBrowser) {
		fmt.Fprintln(stderr, tr().X("cli.browser.nobrowser", nil))
		return exitFailed
	}
	if err != nil {
		fmt.Fprintf(stderr, "haul browser: %v\n", err)
		return exitFailed
	}
	fmt.Fprintln(stdout, tr().X("cli.browser.installed", i18n.Data{"Browsers": strings.Join(names, ", ")}))
	return exitOK
}
