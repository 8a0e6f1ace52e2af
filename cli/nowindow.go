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
