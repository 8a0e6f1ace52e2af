package gui

import (
	"strings"
	"testing"

	"haul/downloader"
)

// TestForgetTakesSavedRowsOutOfTheArchive: a saved file is in its
// folder's archive; "Forget" in the row menu takes it out and says so,
// and with the setting off nothing more is recorded.
func TestForgetTakesSavedRowsOutOfTheArchive(t *testing.T) {
	h := newHarness(t, nil)
	urls := h.serve([]string{"a.png", "b.png"}, fileBody)
	h.paste(urls[0])
	h.waitRows(1)
	h.ui.batch.Start()
	h.waitState(urls[0], downloader.Done)
	folders := h.ui.archive.folders
	if !folders.HasLink(h.dir, urls[0]) {
		t.Fatal("the saved link is not in the folder's archive")
	}
	var forget bool
	for _, it := range h.row(urls[0]).pickedMenu([]downloader.ID{h.ui.rows.id(0)}) {
		if strings.HasPrefix(it.Label, "Forget 1 link") {
			h.choose(it)
			forget = true
		}
	}
	if !forget {
		t.Fatal("the row menu offers no Forget")
	}
	h.pump("the intake line to say the link was forgotten", func() bool {
		return strings.HasPrefix(h.ui.intake.label.Text, "1 link forgotten")
	})
	if folders.HasLink(h.dir, urls[0]) {
		t.Error("the forgotten link is still in the archive")
	}
	h.ui.archive.check(h.ui.prefs).SetChecked(false)
	h.paste(urls[1])
	h.waitRows(2)
	h.ui.batch.Start()
	h.waitState(urls[1], downloader.Done)
	if folders.HasLink(h.dir, urls[1]) {
		t.Error("a file saved with the archive off was recorded")
	}
}
