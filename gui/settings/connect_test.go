package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"haul/browser"
	"haul/gui/guitest"
)

// overlayText is the text of the labels in the window's topmost overlay.
func overlayText(w fyne.Window) string {
	top := w.Canvas().Overlays().Top()
	var b strings.Builder
	if top != nil {
		guitest.Walk(top, func(o fyne.CanvasObject) {
			if l, ok := o.(*widget.Label); ok {
				b.WriteString(l.Text + "\n")
			}
		})
	}
	return b.String()
}

func TestConnectToBrowsersWritesTheHostManifest(t *testing.T) {
	n, _ := testNetwork(t, filepath.Join(t.TempDir(), networkFileName))
	home := t.TempDir()
	config := filepath.Join(home, ".config")
	browserInstaller = func() (browser.Installer, error) {
		return browser.Installer{Exe: "/opt/haul/haul", Home: home, ConfigHome: config}, nil
	}
	t.Cleanup(func() { browserInstaller = browser.UserInstaller })
	done := make(chan func(), 1)
	n.host.Do = func(f func()) { done <- f }

	n.connectBrowsers()
	(<-done)()
	if got := overlayText(n.host.Win); !strings.Contains(got, "Open your browser once") {
		t.Errorf("with no browser used, the answer is %q", got)
	}
	n.host.Win.Canvas().Overlays().Top().Hide()
	n.host.Win.Canvas().Overlays().Remove(n.host.Win.Canvas().Overlays().Top())

	os.MkdirAll(filepath.Join(config, "microsoft-edge"), 0o755)
	n.connectBrowsers()
	(<-done)()
	if got := overlayText(n.host.Win); !strings.Contains(got, "Haul is connected to Microsoft Edge.") {
		t.Errorf("the answer is %q", got)
	}
	if _, err := os.Stat(filepath.Join(config, "microsoft-edge", "NativeMessagingHosts", "io.haul.app.json")); err != nil {
		t.Errorf("Edge's host manifest: %v", err)
	}
}
