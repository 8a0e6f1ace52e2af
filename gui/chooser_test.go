package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/gui/guitest"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestFolderChooserMakesFolders: "Use this folder" with a typed folder
// that does not exist offers to make it and then uses it; New folder…
// makes a folder where the chooser is and picks it.
func TestFolderChooserMakesFolders(t *testing.T) {
	h := newHarness(t, nil)
	h.press(fyne.KeyD, ctrl)
	c := h.ui.chooser
	if c == nil || !c.folders {
		t.Fatal("Ctrl+D did not open the folder chooser")
	}
	typed := filepath.Join(t.TempDir(), "new", "pictures")
	c.path.SetText(typed)
	test.Tap(c.ok)
	test.Tap(h.dialogButton("Create"))
	if !isFolder(typed) || h.ui.m.Dir() != typed || h.ui.chooser != nil {
		t.Fatalf("after Create: folder made %v, downloads go to %q, chooser open %v", isFolder(typed), h.ui.m.Dir(), h.ui.chooser != nil)
	}

	h.press(fyne.KeyD, ctrl)
	c = h.ui.chooser
	if c.dir != typed {
		t.Fatalf("the chooser opens in %q, not the folder in use", c.dir)
	}
	test.Tap(c.newFolder)
	name, ok := h.win.Canvas().Focused().(interface{ SetText(string) })
	if !ok {
		t.Fatal("New folder… did not put the keyboard in the name box")
	}
	name.SetText("cats")
	test.Tap(h.dialogButton("Create"))
	cats := filepath.Join(typed, "cats")
	if !isFolder(cats) || c.picked != cats {
		t.Fatalf("New folder: made %v, picked %q", isFolder(cats), c.picked)
	}
	test.Tap(c.ok)
	if h.ui.m.Dir() != cats {
		t.Errorf("downloads go to %q, want the new folder %q", h.ui.m.Dir(), cats)
	}
}

// Problem 7: the list chooser takes a typed path, and a double click on a
// folder opens that folder, not the file that then lies under the pointer.
func TestOpenListChooser(t *testing.T) {
	h := newHarness(t, nil)
	root := t.TempDir()
	sub := filepath.Join(root, "lists")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	link := h.serve([]string{"one.png"}, fileBody)[0]
	for _, p := range []string{filepath.Join(root, "a-top.txt"), filepath.Join(sub, "inner.txt")} {
		if err := os.WriteFile(p, []byte(link+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(sub, "photo.jpg"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	h.press(fyne.KeyO, ctrl)
	c := h.ui.chooser
	c.path.SetText(root)
	c.path.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if c.dir != root || len(c.entries) != 2 || !c.entries[0].dir || c.entries[1].name != "a-top.txt" {
		t.Fatalf("typed folder shows %+v", c.entries)
	}
	rows := chooserRows(c)
	test.DoubleTap(rows[0])
	if c.dir != sub || h.ui.chooser == nil {
		t.Fatalf("double click on the folder: in %q, chooser open %v", c.dir, h.ui.chooser != nil)
	}
	if len(c.entries) != 1 || c.entries[0].name != "inner.txt" {
		t.Errorf("the folder shows %+v; photo.jpg is not a list", c.entries)
	}
	test.Tap(chooserRows(c)[0])
	if !strings.HasSuffix(c.path.Text, "inner.txt") || c.ok.Disabled() {
		t.Errorf("one click: path %q, Open enabled %v", c.path.Text, !c.ok.Disabled())
	}
	test.Tap(c.ok)
	h.waitRows(1)
	if h.ui.chooser != nil {
		t.Error("the chooser stayed open")
	}
	if recent := h.app.Preferences().StringList(prefRecentFolders); len(recent) == 0 || recent[0] != sub {
		t.Errorf("recent folders %v", recent)
	}
	checkChooserComesBack(t, h, root, sub)
}

// checkChooserComesBack opens the chooser again: it opens in the folder
// used last, and a typed path that does not exist is said to be wrong.
func checkChooserComesBack(t *testing.T, h *harness, root, sub string) {
	t.Helper()
	h.press(fyne.KeyO, ctrl)
	if h.ui.chooser.dir != sub || h.ui.chooser.spots[0].path != sub {
		t.Errorf("the chooser opens in %q, not the folder used last", h.ui.chooser.dir)
	}
	h.ui.chooser.path.SetText(filepath.Join(root, "missing.txt"))
	h.ui.chooser.path.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !h.ui.chooser.status.Visible() || !strings.Contains(h.ui.chooser.status.Text, "missing.txt") {
		t.Errorf("a wrong path says %q", h.ui.chooser.status.Text)
	}
}

func chooserRows(c *chooser) []*chooserRow {
	var rows []*chooserRow
	guitest.Walk(c.list, func(o fyne.CanvasObject) {
		if r, ok := o.(*chooserRow); ok {
			rows = append(rows, r)
		}
	})
	return rows
}
