package downloader

import (
	"path/filepath"
	"runtime"

	"haul/downloader/naming"
)

// fitName shortens a name whose path in dir would be too long for Explorer
// and most Windows programs (see naming.FitPath). Elsewhere, and in a
// folder whose full path cannot be told, the name stays as it is.
func fitName(dir, name string) string {
	if runtime.GOOS != "windows" {
		return name
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return name
	}
	return naming.FitPath(abs, name)
}
