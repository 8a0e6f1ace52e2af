package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"haul/downloader"
)

// TestWordsAndCountsTellTheTruth: the batch bar is gone while the list is
// empty and says how many are finished otherwise; Clear finished clears
// what the intake line said of the links added; links added while the
// Finished tab shows bring the list back to All; the menu of rows that are
// all saved offers nothing they cannot do (but copy and forget them); a Chinese link reads as Chinese.
func TestWordsAndCountsTellTheTruth(t *testing.T) {
	h := newHarness(t, nil)
	if h.ui.totals.bar.Visible() {
		t.Error("the batch bar shows while the list is empty")
	}
	urls := h.serve([]string{"a.png", "图片.png"}, fileBody)
	urls[1] = strings.Replace(urls[1], "图片", "%E5%9B%BE%E7%89%87", 1)
	h.paste(strings.Join(urls, "\n"))
	h.waitRows(2)
	if !h.ui.totals.bar.Visible() || h.ui.totals.bar.TextFormatter() != "0 of 2 finished" {
		t.Errorf("the batch bar: shown %v, says %q", h.ui.totals.bar.Visible(), h.ui.totals.bar.TextFormatter())
	}
	h.ui.batch.Start()
	h.waitTotals("2 saved · 0 skipped · 0 failed · 0 left")
	if got := h.ui.totals.bar.TextFormatter(); got != "2 of 2 finished" {
		t.Errorf("the batch bar says %q", got)
	}

	ids := []downloader.ID{h.ui.rows.id(0), h.ui.rows.id(1)}
	for _, it := range h.row(urls[0]).pickedMenu(ids) {
		if !strings.HasPrefix(it.Label, "Copy") && !strings.HasPrefix(it.Label, "Forget") && !it.Disabled {
			t.Errorf("the menu of two saved rows offers %q", it.Label)
		}
	}

	h.ui.list.Select(1)
	if d := h.ui.detail.Text; !strings.Contains(d, "/图片.png") {
		t.Errorf("the details show the link as %q", d)
	}

	test.Tap(h.ui.filter.tabs[groupDone])
	h.ui.batch.ClearFinished()
	if got := h.ui.intake.label.Text; got != "" {
		t.Errorf("after Clear finished the intake line still says %q", got)
	}
	h.waitRows(0)
	more := h.serve([]string{"b.png"}, fileBody)
	h.paste(more[0])
	h.waitRows(1)
	if h.ui.filter.group != groupAll || h.ui.list.Length() != 1 {
		t.Errorf("a link added under the Finished tab is out of sight: tab %d, %d rows shown", h.ui.filter.group, h.ui.list.Length())
	}
}
