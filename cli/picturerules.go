package cli

import (
	"fmt"
	"io"

	"haul/downloader/originals"
	"haul/i18n"
)

// pictureRules are the rules that find a picture's original: the
// built-in ones with the user's own file. A broken file is said on
// stderr, naming its line, and the built-in rules are used.
func pictureRules(stderr io.Writer) *originals.Table {
	table, err := originals.LoadUser()
	if words := i18n.PictureRulesProblem(tr(), err); words != "" {
		fmt.Fprintln(stderr, words)
	}
	return table
}
