//go:build linux

package render

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// killBrowsersIn kills the processes of a browser that still work in dir
// (every Chromium process is given its profile folder on its command
// line): helpers such as the network service can outlive the main
// process, and would write in the folder after it is removed.
func killBrowsersIn(dir string) {
	for pass := 0; pass < 3; pass++ {
		if killed := killMatching(dir + string(filepath.Separator)); killed == 0 {
			return
		}
	}
}

// killMatching kills the processes whose command line mentions dir, and
// says how many there were.
func killMatching(dir string) int {
	cmdlines, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	killed := 0
	for _, f := range cmdlines {
		b, err := os.ReadFile(f)
		if err != nil || !strings.Contains(string(b), dir) {
			continue
		}
		pid, err := strconv.Atoi(filepath.Base(filepath.Dir(f)))
		if err == nil && pid != os.Getpid() && syscall.Kill(pid, syscall.SIGKILL) == nil {
			killed++
		}
	}
	return killed
}
