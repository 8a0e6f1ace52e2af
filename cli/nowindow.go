package cli

import (
	"fmt"
	"io"
)

// NoWindow tells someone who started a build made without the window
// (-tags nogui) that this haul only downloads from the command line.
func NoWindow(w io.Writer) {
	fmt.Fprint(w, tr().X("cli.nowindow", nil))
}

// NoDisplay tells someone who started the window where there is no desktop
// to show it on (a terminal over SSH, a container) what to do instead.
func NoDisplay(w io.Writer) {
	fmt.Fprint(w, tr().X("cli.nodisplay", nil))
}
