//go:build !windows

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrowserCommandNamesOnlyTheBrowsersFound: install names the browsers
// this user has used, uninstall names those it removed Haul from, and with
// nothing to remove says so instead of an empty list.
func TestBrowserCommandNamesOnlyTheBrowsersFound(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("LANGUAGE", "en")
	if err := os.MkdirAll(filepath.Join(home, ".config", "chromium"), 0o755); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		args []string
		want string
	}{
		{[]string{"install"}, "Haul is connected to Chromium."},
		{[]string{"uninstall"}, "(removed from: Chromium)"},
		{[]string{"uninstall"}, "Haul was not connected to any browser; nothing to remove."},
	}
	for _, s := range steps {
		var stdout, stderr bytes.Buffer
		if code := Browser(s.args, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), s.want) {
			t.Errorf("haul browser %v: exit %d, %q %q; want %q", s.args, code, stdout.String(), stderr.String(), s.want)
		}
	}
}
