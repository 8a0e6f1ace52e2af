package render

import (
	"errors"
	"os/exec"
	"runtime"
)

// ErrNoBrowser means no Chrome, Chromium, Edge or Brave could be found.
var ErrNoBrowser = errors.New("no Chrome, Chromium, Edge or Brave browser is installed")

// ErrBrowserFailed means the browser could not be started or could not
// open the page.
var ErrBrowserFailed = errors.New("the browser could not open the page")

// ErrBrowserSlow means the browser did not start within the page's time
// limit (Options.PageTimeout): it was stopped. Errors that wrap it wrap
// ErrBrowserFailed too.
var ErrBrowserSlow = errors.New("the browser did not start in time")

// browserNames are the programs tried, in order, on each system.
var browserNames = map[string][]string{
	"linux": {
		"google-chrome", "google-chrome-stable", "chromium", "chromium-browser",
		"microsoft-edge", "microsoft-edge-stable", "brave-browser", "/snap/bin/chromium",
	},
	"darwin": {
		"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
		"/Applications/Chromium.app/Contents/MacOS/Chromium",
		"/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
		"/Applications/Brave Browser.app/Contents/MacOS/Brave Browser",
	},
	"windows": {
		"chrome.exe",
		`C:\Program Files\Google\Chrome\Application\chrome.exe`,
		`C:\Program Files (x86)\Google\Chrome\Application\chrome.exe`,
		"msedge.exe",
		`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`,
		`C:\Program Files\Microsoft\Edge\Application\msedge.exe`,
	},
}

// FindBrowser returns the path of an installed browser that Render can
// drive; ok is false when there is none.
func FindBrowser() (path string, ok bool) {
	for _, name := range browserNames[runtime.GOOS] {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}
