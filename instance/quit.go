package instance

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// AskToQuit asks the Haul listening on path to end, as Quit in its menu
// ends it (keeping its list for next time), when it runs the program file
// program: the installer and the uninstaller ask so before they replace or
// remove that file, which Windows keeps while it runs. The running Haul
// answers before it ends; one that runs another copy of Haul stays and
// answers with an Error.
func AskToQuit(ctx context.Context, path, program string) (Reply, error) {
	return Send(ctx, path, Request{Quit: program})
}

// Quits says whether r asks a Haul that runs the program file self to end.
func (r Request) Quits(self string) bool {
	return r.Quit != "" && SameProgram(r.Quit, self)
}

// SameProgram says whether the paths a and b name the same program file:
// the same file on disk, or, where one cannot be looked at, the same path
// (in any letter case on Windows and macOS).
func SameProgram(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(ia, ib)
	}
	a, b = filepath.Clean(a), filepath.Clean(b)
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		return strings.EqualFold(a, b)
	}
	return a == b
}
