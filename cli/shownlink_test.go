package cli

import (
	"strings"
	"testing"

	"haul/downloader"
)

// TestItemLinesHidePasswords: the terminal's line of a skipped, failed or
// canceled item never shows the password in its link.
func TestItemLinesHidePasswords(t *testing.T) {
	for _, state := range []downloader.State{downloader.Skipped, downloader.Failed, downloader.Canceled} {
		it := downloader.ItemSnapshot{URL: "http://user:s3cr3t@site.test/a.jpg", State: state,
			Err: &downloader.ItemError{Kind: downloader.ErrHTTP, Status: 404}}
		if line := itemLine(it); strings.Contains(line, "s3cr3t") || !strings.Contains(line, "site.test/a.jpg") {
			t.Errorf("%v: %q", state, line)
		}
	}
}
