package cli

import (
	"io"
	"os"
	"strings"

	"golang.org/x/text/width"
)

// clearLine returns the cursor to the start of the line and erases it.
const clearLine = "\r\x1b[K"

// liveLine redraws the one status line of a terminal: with the escape code
// that erases the line where the terminal understands it, else (the classic
// Windows console, which would print it as "←[K") by writing spaces over
// what the last line left.
type liveLine struct {
	escapes bool
	// shown is how many columns the line on screen takes.
	shown int
}

// newLiveLine readies w, a terminal, for the live line: on Windows it turns
// on the console's escape codes where it can. restore puts the console
// back as it was.
func newLiveLine(w io.Writer) (l *liveLine, restore func()) {
	f, ok := w.(*os.File)
	if !ok {
		return &liveLine{escapes: true}, func() {}
	}
	escapes, restore := enableEscapes(f)
	return &liveLine{escapes: escapes}, restore
}

// draw is what to write to show line in place of the last one.
func (l *liveLine) draw(line string) string {
	if l.escapes {
		return clearLine + line
	}
	cols := columns(line)
	pad := max(l.shown-cols, 0)
	l.shown = cols
	return "\r" + line + strings.Repeat(" ", pad)
}

// erase is what to write to leave the line empty, the cursor at its start.
func (l *liveLine) erase() string {
	if l.escapes {
		return clearLine
	}
	blank := "\r" + strings.Repeat(" ", l.shown) + "\r"
	l.shown = 0
	return blank
}

// columns is how many columns s takes on a terminal: two for each wide
// character (Chinese, Japanese, Korean), one for the others.
func columns(s string) int {
	n := 0
	for _, r := range s {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}
