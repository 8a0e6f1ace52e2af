package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
)

// menuEntry is the entry of m whose label starts with prefix; the test
// fails without one.
func menuEntry(t *testing.T, m *fyne.Menu, prefix string) *fyne.MenuItem {
	t.Helper()
	for _, it := range m.Items {
		if strings.HasPrefix(it.Label, prefix) {
			return it
		}
	}
	t.Fatalf("no menu entry %q…", prefix)
	return nil
}

// shownURLs are the links of the rows in the order the list shows them.
func shownURLs(h *harness) []string {
	var out []string
	for i := range h.ui.filter.len() {
		out = append(out, h.ui.rows.at(h.ui.filter.model(i)).URL)
	}
	return out
}

// TestRowsAreRemovedMovedAndRenamedOneByOne: Delete removes the selected
// row, the row menu moves rows to the top and the bottom and renames one
// before the start, and the menu of picked rows removes them all; only
// the rows left are downloaded, the renamed one under its new name.
func TestRowsAreRemovedMovedAndRenamedOneByOne(t *testing.T) {
	h := newHarness(t, nil)
	u := h.serve([]string{"a.png", "b.png", "c.png", "d.png", "e.png"}, fileBody)
	h.paste(strings.Join(u, "\n"))
	h.waitRows(5)

	h.ui.list.Select(0)
	h.ui.list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	h.waitRows(4)
	if got := shownURLs(h); got[0] != u[1] {
		t.Fatalf("after Delete the list shows %q", got)
	}
	h.pump("the intake line", func() bool {
		return h.ui.intake.label.Text == "Removed 1 from the list; saved files stay in their folder."
	})

	h.ui.list.Select(3)
	h.choose(menuEntry(t, h.row(u[4]).menu(), "Move to top"))
	h.waitCommands()
	h.pump("e.png on top", func() bool { return shownURLs(h)[0] == u[4] })
	if h.ui.selected < 0 || h.ui.rows.at(h.ui.selected).URL != u[4] {
		t.Error("the selection did not follow the row moved to the top")
	}
	h.ui.list.Unselect(0)
	if h.ui.selected >= 0 {
		t.Error("the list highlights another row than the one moved to the top")
	}
	h.choose(menuEntry(t, h.row(u[2]).menu(), "Move to bottom"))
	h.waitCommands()
	h.pump("c.png at the bottom", func() bool { return shownURLs(h)[3] == u[2] })
	if got, want := strings.Join(shownURLs(h), " "), strings.Join([]string{u[4], u[1], u[3], u[2]}, " "); got != want {
		t.Errorf("the list shows\n%s\nwant\n%s", got, want)
	}

	h.choose(menuEntry(t, h.row(u[1]).menu(), "Rename…"))
	name, ok := h.win.Canvas().Focused().(interface{ SetText(string) })
	if !ok {
		t.Fatal("Rename… did not put the keyboard in the name box")
	}
	name.SetText("kitten")
	test.Tap(h.dialogButton("Rename"))
	h.pump("the new name on the row", func() bool { return h.row(u[1]).title.Text == "kitten.png" })

	down := func(url string, mod fyne.KeyModifier) {
		h.row(url).MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary, Modifier: mod})
	}
	down(u[3], 0)
	down(u[2], ctrl)
	m := h.row(u[3]).menu()
	menuEntry(t, m, "Move 2 to top")
	h.choose(menuEntry(t, m, "Remove 2 from list"))
	h.waitRows(2)

	h.ui.batch.Start()
	h.waitTotals("2 saved · 0 skipped · 0 failed · 0 left")
	saved := h.readSaved()
	if len(saved) != 2 || saved["kitten.png"] != string(fileBody("b.png")) || saved["e.png"] != string(fileBody("e.png")) {
		t.Errorf("saved %d files: %v", len(saved), keys(saved))
	}
}
