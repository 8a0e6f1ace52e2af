package cli

import (
	"os"

	"golang.org/x/sys/windows"
)

// enableEscapes turns on the console's escape codes (virtual terminal
// processing, Windows 10 and later) for f, a console, and says whether the
// console understands them; restore puts its mode back when Haul is done,
// so the Command Prompt is left as it was.
func enableEscapes(f *os.File) (ok bool, restore func()) {
	h := windows.Handle(f.Fd())
	var mode uint32
	if err := windows.GetConsoleMode(h, &mode); err != nil {
		return false, func() {}
	}
	if mode&windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0 {
		return true, func() {}
	}
	if err := windows.SetConsoleMode(h, mode|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING); err != nil {
		return false, func() {}
	}
	return true, func() { windows.SetConsoleMode(h, mode) }
}
