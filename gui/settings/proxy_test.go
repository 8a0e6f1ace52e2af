package settings

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/gui/guitest"
)

// TestTypingAProxyChoosesIt: typing an address in the proxy dialog chooses
// "This proxy:", so Save uses it, and the window is told which proxy is
// in use, by its host only.
func TestTypingAProxyChoosesIt(t *testing.T) {
	for _, name := range []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"} {
		t.Setenv(name, "")
	}
	n, _ := testNetwork(t, filepath.Join(t.TempDir(), networkFileName))
	changed := 0
	n.host.Changed = func() { changed++ }
	if got := n.InUse(); got != "" {
		t.Errorf("with no proxy the window says %q", got)
	}
	n.showProxy()
	top := n.host.Win.Canvas().Overlays().Top()
	var mode *widget.RadioGroup
	var entries []*widget.Entry
	var save *widget.Button
	guitest.Walk(top, func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.RadioGroup:
			mode = w
		case *widget.Entry:
			entries = append(entries, w)
		case *widget.Button:
			if w.Text == "Save" {
				save = w
			}
		}
	})
	if mode == nil || len(entries) < 2 || save == nil {
		t.Fatalf("the proxy dialog: choice %v, %d fields, Save %v", mode != nil, len(entries), save != nil)
	}
	if mode.Selected != "Follow the system's settings" {
		t.Fatalf("the dialog starts on %q", mode.Selected)
	}
	test.Type(entries[0], "socks5://ann:pw@127.0.0.1:1080")
	if mode.Selected != "This proxy:" {
		t.Errorf("typing an address left the choice on %q", mode.Selected)
	}
	test.Tap(save)
	if p := n.Proxy(); p.Mode != downloader.ProxyManual || p.URL != "socks5://ann:pw@127.0.0.1:1080" {
		t.Errorf("saved %+v, want the proxy typed", p)
	}
	if got := n.InUse(); got != "Through the proxy 127.0.0.1:1080" || changed == 0 {
		t.Errorf("the window is told %q (%d times)", got, changed)
	}
}
