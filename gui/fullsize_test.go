package gui

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/gui/kit"
)

// TestARowSaysTheFullSizePictureWasSaved: pasted small versions of
// pictures are saved as their originals, and their rows say so with both
// sizes; a link with no bigger version just says Saved. With the setting
// off under More…, the links are saved as given.
func TestARowSaysTheFullSizePictureWasSaved(t *testing.T) {
	tests := []struct {
		name     string
		fullSize bool
		status   string
	}{
		{"on", true, "Saved full size 1080×1440 (the link gave 360×480)"},
		{"off", false, "Saved"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hosts := downloadtest.NewPictureHosts()
			t.Cleanup(hosts.Close)
			h := newHarnessDialing(t, hosts)
			if !tt.fullSize {
				test.Tap(h.ui.settings.more)
				test.Tap(h.ui.settings.fullSize)
			}
			weibo, control := hosts.Thumbnails[0].Link, controlLink(t, hosts)
			h.paste(weibo + "\n" + control + "\n")
			h.waitRows(2)
			test.Tap(h.ui.batch.start)
			h.waitTotals("2 saved · 0 skipped · 0 failed · 0 left")
			if got := h.row(weibo).status.Text; got != tt.status {
				t.Errorf("the small version's row says %q; want %q", got, tt.status)
			}
			if got := h.row(control).status.Text; got != "Saved" {
				t.Errorf("the control's row says %q; want Saved", got)
			}
		})
	}
}

// controlLink is a small version the picture hosts keep no bigger
// version of.
func controlLink(t *testing.T, hosts *downloadtest.PictureHosts) string {
	for _, th := range hosts.Thumbnails {
		if th.Kind == "control" {
			return th.Link
		}
	}
	t.Fatal("the picture hosts have no control")
	return ""
}

// newHarnessDialing is a harness whose engine reaches every host at the
// picture hosts.
func newHarnessDialing(t *testing.T, hosts *downloadtest.PictureHosts) *harness {
	t.Helper()
	extraOptions = func(o *downloader.Options) { o.DialContext = hosts.Dial }
	t.Cleanup(func() { extraOptions = nil })
	return newHarness(t, nil)
}

// TestFindPicturesOnAPageSavesTheOriginals: "Find pictures on a page" on
// a page that shows small versions, with every picture added from the
// picker, saves each as its original where there is one.
func TestFindPicturesOnAPageSavesTheOriginals(t *testing.T) {
	hosts := downloadtest.NewPictureHosts()
	t.Cleanup(hosts.Close)
	h := newHarnessDialing(t, hosts)
	h.press(fyne.KeyF, ctrl)
	address, ok := h.win.Canvas().Focused().(*kit.EscEntry)
	if !ok {
		t.Fatal("Ctrl+F did not put the keyboard in the address field")
	}
	test.Type(address, downloadtest.PicturesPage)
	test.Tap(h.dialogButton("Find pictures"))
	h.pump("the picker", func() bool { return h.ui.pickers.Showing() })
	test.Tap(h.dialogButton("Add "))
	n := len(hosts.Thumbnails)
	h.waitRows(n)
	if h.ui.m.Summary().Left() > 0 {
		test.Tap(h.ui.batch.start)
	}
	h.waitTotals(fmt.Sprintf("%d saved · 0 skipped · 0 failed · 0 left", n))
	saved := h.readSaved()
	have := map[[32]byte]bool{}
	for _, body := range saved {
		have[sha256.Sum256([]byte(body))] = true
	}
	for _, th := range hosts.Thumbnails {
		if !have[sha256.Sum256(th.Want)] {
			t.Errorf("%s (%s): not saved as %s", th.Link, th.Kind, map[bool]string{true: "its original", false: "given"}[th.Original])
		}
	}
}
