package picker

import (
	"fmt"
	"strings"
	"testing"

	"haul/downloader/render"
)

// TestBrowserProblemSaysWhy: the notice after the browser could not read
// a page says which trouble it was, a browser too slow to start included.
func TestBrowserProblemSaysWhy(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"no browser", render.ErrNoBrowser, "No Chrome, Chromium, Edge or Brave"},
		{"too slow to start", fmt.Errorf("render x: %w: %w (1m0s)", render.ErrBrowserFailed, render.ErrBrowserSlow), "did not start within 1m0s"},
		{"failed", fmt.Errorf("render x: %w: crashed", render.ErrBrowserFailed), "could not open the page"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := browserProblem(tc.err, render.DefaultPageTimeout); !strings.Contains(got, tc.want) {
				t.Errorf("browserProblem = %q, want it to say %q", got, tc.want)
			}
		})
	}
}
