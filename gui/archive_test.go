package gui

import (
	"strings"
	"testing"

	"haul/downloader"
)

// TestForgetTakesSavedRowsOutOfTheArchive: a saved file is in its
// folder's archive; "Forget" in the menu of its row alone takes it out and
// says so, and with the setting off nothing more is recorded.
func TestForgetTakesSavedRowsOutOfTheArchive(t *testing.T) {
	h := newHarness(t, nil)
	urls := h.serve([]string{"a.png", "b.png"}, fileBody)
	h.paste(urls[0])
	h.waitRows(1)
	h.ui.batch.Start()
	h.waitState(urls[0], downloader.Done)
	folders := h.ui.archive.folders
	if held, _ := folders.HasLink(h.dir, urls[0]); !held {
		t.Fatal("the saved link is not in the folder's archive")
	}
	var forget bool
	for _, it := range h.row(urls[0]).menu().Items {
		if it.Label == "Forget this link, to download it again" {
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
	if held, _ := folders.HasLink(h.dir, urls[0]); held {
		t.Error("the forgotten link is still in the archive")
	}
	h.ui.archive.check(h.ui.prefs).SetChecked(false)
	h.paste(urls[1])
	h.waitRows(2)
	h.ui.batch.Start()
	h.waitState(urls[1], downloader.Done)
	if held, _ := folders.HasLink(h.dir, urls[1]); held {
		t.Error("a file saved with the archive off was recorded")
	}
}

// TestAForgottenRowIsFetchedAgainByRetryOrAddingIt: rows skipped as saved
// before, still in the list, are fetched again once forgotten: one by
// Retry in its menu, one by pasting its link again; a row not forgotten
// stays a duplicate.
func TestAForgottenRowIsFetchedAgainByRetryOrAddingIt(t *testing.T) {
	h := newHarness(t, nil)
	urls := h.serve([]string{"retried.png", "pasted.png", "kept.png"}, fileBody)
	folders := h.ui.archive.folders
	for _, u := range urls {
		folders.Remember(h.dir, u, "", "") // saved by an earlier run, since deleted
	}
	h.paste(strings.Join(urls, "\n"))
	h.waitRows(3)
	h.ui.batch.Start()
	for _, u := range urls {
		h.waitState(u, downloader.Skipped)
	}
	if got, want := h.row(urls[2]).status.Text, "Skipped: saved into this folder before; choose Forget in its menu to download it again"; got != want {
		t.Errorf("a row skipped as saved before says %q, want %q", got, want)
	}
	retried, _ := h.view(urls[0])
	pasted, _ := h.view(urls[1])
	h.ui.archive.forgetRows(h.ui, []downloader.ID{retried.ID, pasted.ID})
	h.pump("the rows to say they were forgotten", func() bool {
		v, _ := h.view(urls[0])
		return v.Forgotten && strings.Contains(v.Status, "Retry downloads it again")
	})
	var retry bool
	for _, it := range h.row(urls[0]).menu().Items {
		if it.Label == "Retry" && !it.Disabled {
			h.choose(it)
			retry = true
		}
	}
	if !retry {
		t.Fatal("the forgotten row's menu offers no Retry")
	}
	h.paste(urls[1] + "\n" + urls[2])
	h.pump("the intake line", func() bool { return strings.HasPrefix(h.ui.intake.label.Text, "Added 1 link · 1 duplicate") })
	h.ui.batch.Start()
	h.waitState(urls[0], downloader.Done)
	h.waitState(urls[1], downloader.Done)
	saved := h.readSaved()
	for _, name := range []string{"retried.png", "pasted.png"} {
		if saved[name] != string(fileBody(name)) {
			t.Errorf("%s was not fetched again", name)
		}
	}
	if _, ok := saved["kept.png"]; ok || h.ui.rows.len() != 3 {
		t.Errorf("the row not forgotten was fetched again, or the list has %d rows", h.ui.rows.len())
	}
}
